import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client.ts';

/** GET /api/checkout/{id}/invoice, saved by the browser as a PDF file. */
export async function downloadInvoice(checkoutId: string): Promise<void> {
  const pdf = await apiFetchFile(`/checkout/${encodeURIComponent(checkoutId)}/invoice`);
  const address = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = address;
  link.download = `agritools-invoice-${checkoutId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed afterwards.
  setTimeout(() => URL.revokeObjectURL(address), 0);
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
