import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '../../../../shared/errors.ts';
import type { ProductImage } from '../../../../shared/schemas/image.schema.ts';
import { getAccessToken } from '../../../lib/access-token.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../keys.ts';

// A product's pictures (docs/decisions/027): list, upload (with progress), remove.

const imagesPath = (productId: string) => `/product/${encodeURIComponent(productId)}/images`;

export const productImagesQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: productKeys.images(productId),
    queryFn: ({ signal }) => apiFetch<ProductImage[]>(imagesPath(productId), { signal }),
  });

export const useProductImages = (productId: string) => useQuery(productImagesQueryOptions(productId));

/**
 * POST /api/product/{id}/images as multipart/form-data. XMLHttpRequest, not fetch: only it
 * reports how much of the body has been sent (`onProgress`, 0 to 1).
 */
export function uploadProductImage(
  productId: string,
  file: File,
  alt: string,
  onProgress: (fraction: number) => void,
): Promise<ProductImage> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('alt', alt);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', `/api${imagesPath(productId)}`);
    request.setRequestHeader('accept', 'application/json');
    const token = getAccessToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Network error: the shop could not be reached'));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) return resolve(body as ProductImage);
      const error = (
        body as { error?: { code?: ErrorCode; message?: string; details?: unknown } } | undefined
      )?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? 'INTERNAL',
          error?.message ?? request.statusText,
          error?.details,
        ),
      );
    };
    request.send(form);
  });
}

export function useUploadProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; alt: string; onProgress: (fraction: number) => void }) =>
      uploadProductImage(productId, input.file, input.alt, input.onProgress),
    // The product's img changed: lists, searches, the product and its pictures.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useRemoveProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      apiFetch<{ deletedCount: number }>(`${imagesPath(productId)}/${encodeURIComponent(imageId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
