import { useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { productSorts, type ProductSort } from '../../../../shared/constants.ts';
import { FormField, TextField } from '../../../components/ui/form-field.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { reasonOf } from '../../../lib/error-reason.ts';
import { t } from '../../../lib/i18n.ts';
import { loadedRows } from '../../../lib/paged-list.ts';
import { takeFormDraft } from '../../../lib/server-form-draft.ts';
import {
  FILTERS,
  apiQuery,
  categoryNameOf,
  useCategories,
  useProductSearch,
} from '../api/search-products.ts';
import { ProductCard, ProductCardPlaceholder } from '../components/product-card.tsx';

const sortLabels: Record<ProductSort, () => string> = {
  relevance: () => t.sortRelevance,
  newest: () => t.sortNewest,
  'price-asc': () => t.sortPriceAsc,
  'price-desc': () => t.sortPriceDesc,
  rating: () => t.sortRating,
};

/** `name` set to `value` in `search`, or taken out when `value` is empty: an empty filter is none. */
function setFilter(search: URLSearchParams, name: string, value: string): void {
  if (value) search.set(name, value);
  else search.delete(name);
}

/**
 * /products: search, category, stock and price filters and sorting, with "Load more" pages.
 * Everything chosen lives in the address, so a search can be shared or bookmarked.
 */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const query = apiQuery(params);
  const search = useProductSearch(query);
  const categories = useCategories();
  const products = loadedRows(search.data);
  const ids = useId();
  const q = params.get('q') ?? '';
  const sort = (new URLSearchParams(query).get('sort') ?? 'newest') as ProductSort;

  const change = (name: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(params);
    setFilter(next, name, value);
    setParams(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams(params);
    for (const name of ['q', 'minPrice', 'maxPrice'] as const) {
      setFilter(next, name, String(form.get(name) ?? '').trim());
    }
    // A new search text picks its best matches first, unless a sort was chosen.
    if (next.get('q') !== params.get('q') && next.get('sort') === 'relevance' && !next.get('q'))
      next.delete('sort');
    setParams(next);
  };
  const filtered = FILTERS.some((name) => params.has(name));

  // What the visitor did to the server's drawing of this form before the app took over: text
  // stays typed (not yet searched), a choice applies as it does here, and the focus returns.
  // A layout effect, so it is back in the same task that removed the server's form: a click
  // on the app's Search button can come no sooner.
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const draft = takeFormDraft();
    if (!draft || !form.current) return;
    const chosen = new URLSearchParams(params);
    for (const [name, value] of Object.entries(draft.values)) {
      const field = form.current.elements.namedItem(name);
      if (field instanceof HTMLInputElement && field.type !== 'checkbox') field.value = value;
      else setFilter(chosen, name, value);
    }
    if (chosen.toString() !== params.toString()) setParams(chosen);
    const focused = draft.focused && form.current.elements.namedItem(draft.focused);
    if (focused instanceof HTMLElement) focused.focus();
    // Once, when the page first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold">{t.catalogueTitle}</h1>
      <p className="mt-2 text-base-content/70">{t.catalogueIntro}</p>

      <form
        ref={form}
        role="search"
        onSubmit={onSubmit}
        className="mt-6 grid grid-cols-2 gap-x-3 gap-y-4 rounded-box bg-base-200 p-4 lg:grid-cols-12 lg:gap-x-4"
      >
        <div className="col-span-2 flex gap-2 lg:col-span-12">
          <label htmlFor={`${ids}-q`} className="sr-only">
            {t.searchLabel}
          </label>
          <input
            id={`${ids}-q`}
            key={`q-${q}`}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder={t.searchPlaceholder}
            className="input input-bordered w-full"
          />
          <button type="submit" className="btn btn-primary">
            {t.searchButton}
          </button>
        </div>
        <FormField id={`${ids}-category`} label={t.categoryLabel} className="lg:col-span-3">
          <select
            id={`${ids}-category`}
            name="category"
            className="select w-full"
            value={params.get('category') ?? ''}
            onChange={(event) => change('category', event.target.value)}
          >
            <option value="">{t.allCategories}</option>
            {categories.data?.map((category) => (
              <option key={category._id} value={category.slug}>
                {categoryNameOf(category)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${ids}-sort`} label={t.sortLabel} className="lg:col-span-3">
          <select
            id={`${ids}-sort`}
            name="sort"
            className="select w-full"
            value={sort}
            onChange={(event) => change('sort', event.target.value)}
          >
            {productSorts
              .filter((option) => option !== 'relevance' || q)
              .map((option) => (
                <option key={option} value={option}>
                  {sortLabels[option]()}
                </option>
              ))}
          </select>
        </FormField>
        {(['minPrice', 'maxPrice'] as const).map((name) => (
          <TextField
            // Drawn anew when the address changes, so the box shows the address's value.
            key={`${name}-${params.get(name) ?? ''}`}
            id={`${ids}-${name}`}
            label={name === 'minPrice' ? t.minPriceLabel : t.maxPriceLabel}
            className="lg:col-span-2"
            name={name}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            defaultValue={params.get(name) ?? ''}
          />
        ))}
        <label className="col-span-2 flex min-h-11 cursor-pointer items-center gap-2 self-end lg:col-span-2 lg:pb-2">
          <input
            type="checkbox"
            name="inStock"
            value="true"
            className="size-5 accent-primary"
            checked={params.get('inStock') === 'true'}
            onChange={(event) => change('inStock', event.target.checked ? 'true' : '')}
          />
          <span>{t.inStockOnly}</span>
        </label>
      </form>
      {filtered && (
        <button
          type="button"
          className="btn btn-link btn-sm mt-2 px-0"
          onClick={() => setParams(new URLSearchParams())}
        >
          {t.clearFilters}
        </button>
      )}

      <div
        className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy={search.isPending}
        aria-live="polite"
        data-testid="product-list"
      >
        {search.isPending && Array.from({ length: 3 }, (_, i) => <ProductCardPlaceholder key={i} />)}
        {products?.map((product) => (
          <ProductCard key={product._id} product={product} />
        ))}
      </div>
      {products?.length === 0 && <p className="mt-6 text-center text-base-content/70">{t.noProductsMatch}</p>}
      {search.isError && !search.isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-error">
          {t.searchFailed}: {reasonOf(search.error)}
        </p>
      )}
      <LoadMoreButton query={search} noun={t.nounProducts} />
    </div>
  );
}
