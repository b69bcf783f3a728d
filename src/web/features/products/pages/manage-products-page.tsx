import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from 'react-toastify';
import { count, price, t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-modal.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { loadedRows } from '../../../lib/paged-list.ts';
import { paths } from '../../../../shared/paths.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useProducts } from '../api/get-products.ts';
import { CatalogueCsv } from '../components/catalogue-csv.tsx';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';
import { EditIcon, TrashIcon } from '../../../components/ui/page-icons.tsx';

/**
 * Manage Products (spec section 2, admin only): index, image, name, stock, price per unit, Remove.
 * The catalogue comes 100 products a page; 'Load more' shows when the server names a next page.
 */
export default function ManageProductsPage() {
  const [, navigate] = useLocation();
  const pages = useProducts();
  const products = loadedRows(pages.data);
  const deleteProduct = useDeleteProduct();
  const [target, setTarget] = useState<Product | null>(null);

  const confirmRemove = () => {
    if (!target) return;
    deleteProduct.mutate(target._id, {
      onSuccess: () => {
        toast.success(t.productRemoved);
        setTarget(null);
      },
      onError: (failure) => {
        setTarget(null);
        if (failure instanceof ApiError && failure.status === 403) navigate(paths.root, { replace: true });
        else toast.error(reasonOf(failure));
      },
    });
  };

  return (
    <DashboardPage
      title={t.manageProducts}
      subtitle={
        products &&
        (pages.hasNextPage
          ? t.firstProductsOf(count(products.length))
          : t.productsInCatalogue(count(products.length), products.length === 1))
      }
      aside={
        <Link to={paths.addProduct} className="btn btn-primary btn-sm sm:btn-md">
          {t.addNewProduct}
        </Link>
      }
    >
      <CatalogueCsv />
      <PagedList
        query={pages}
        rows={products}
        loadingLabel={t.loadingProducts}
        failed={t.couldNotLoadProducts}
        empty={t.catalogueEmpty}
        noun={t.nounProducts}
      >
        {(list) => (
          <DataTable
            columns={[
              { label: '#', wideOnly: true },
              { label: t.image },
              { label: t.name },
              { label: t.stock, numeric: true, wideOnly: true },
              { label: t.pricePerUnit, numeric: true, wideOnly: true },
              { label: t.actions, hiddenLabel: true },
            ]}
          >
            {list.map((product, index) => (
              <tr key={product._id} className="hover:bg-base-200/60">
                <th scope="row" className="hidden font-medium sm:table-cell">
                  {index + 1}
                </th>
                <td>
                  <ProductPicture
                    src={product.img}
                    alt={product.name}
                    width={48}
                    height={48}
                    sizes="48px"
                    className="size-12 rounded-field bg-base-200 object-cover"
                  />
                </td>
                <td className="font-medium sm:min-w-40">
                  {product.name}
                  {/* A phone has no room for the stock and price columns: they show here. */}
                  <span className="block text-xs font-normal text-base-content/70 tabular-nums sm:hidden">
                    {t.stock} {count(product.stock)} · {price(product.price)}
                  </span>
                </td>
                <td className="hidden text-right tabular-nums sm:table-cell">{count(product.stock)}</td>
                <td className="hidden text-right tabular-nums sm:table-cell">{price(product.price)}</td>
                <td className="text-right whitespace-nowrap">
                  <Link
                    to={paths.editProduct(product._id)}
                    className="btn btn-outline btn-sm mr-2 min-h-10 min-w-10"
                    aria-label={t.editProductNamed(product.name)}
                  >
                    <EditIcon />
                    <span className="hidden sm:inline">{t.edit}</span>
                  </Link>
                  <button
                    type="button"
                    className="btn btn-error btn-outline btn-sm min-h-10 min-w-10"
                    onClick={() => setTarget(product)}
                    aria-label={t.removeProduct(product.name)}
                  >
                    <TrashIcon />
                    <span className="hidden sm:inline">{t.remove}</span>
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedList>
      <ConfirmDeleteModal
        open={target !== null}
        busy={deleteProduct.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setTarget(null)}
      />
    </DashboardPage>
  );
}
