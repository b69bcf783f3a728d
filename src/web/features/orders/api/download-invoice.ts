import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/checkout/{id}/invoice, saved by the browser as a PDF file. */
export async function downloadInvoice(checkoutId: string): Promise<void> {
  const pdf = await apiFetchFile(`/checkout/${encodeURIComponent(checkoutId)}/invoice`);
  saveFile(pdf, `agritools-invoice-${checkoutId}.pdf`);
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
