import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductImportReport } from '../../../../shared/schemas/product.schema.ts';
import { apiFetchFile, apiSendFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { productKeys } from '../keys.ts';

/** GET /api/products/export.csv (admin), saved by the browser. */
export async function exportProducts(): Promise<void> {
  saveFile(await apiFetchFile('/products/export.csv'), 'agritools-products.csv');
}

/** POST /api/products/import (admin): the file as text/csv, whatever type the browser gave it. */
export async function importProducts(file: File): Promise<ProductImportReport> {
  return apiSendFile<ProductImportReport>('/products/import', { text: await file.text(), type: 'text/csv' });
}

export const useExportProducts = () => useMutation({ mutationFn: exportProducts });

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
