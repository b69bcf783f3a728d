import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { IMAGE_ALT_MAX, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '../../../../shared/media.ts';
import { imageAltSchema } from '../../../../shared/schemas/image.schema.ts';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { count, t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import { useProductImages, useRemoveProductImage, useUploadProductImage } from '../api/product-images.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';

/** Why a chosen file cannot be sent, before sending it (the server checks again, by its bytes). */
function fileProblem(file: File | undefined): string | null {
  if (!file) return t.choosePictureFirst;
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return t.pictureWrongType;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return t.pictureTooLarge;
  return null;
}

/**
 * Edit Product's pictures (admin): the uploaded ones, newest (the one the shop shows) first,
 * each removable; and an upload with its alternative text, progress and errors.
 */
export function ProductPictures({ productId, currentImg }: { productId: string; currentImg: string }) {
  const id = useId();
  const images = useProductImages(productId);
  const upload = useUploadProductImage(productId);
  const remove = useRemoveProductImage(productId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const file = fileInput.current?.files?.[0];
    const problem = fileProblem(file);
    const altResult = imageAltSchema.safeParse(alt);
    setFileError(problem);
    setAltError(altResult.success ? null : (altResult.error.issues[0]?.message ?? null));
    if (problem || !file || !altResult.success) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, alt: altResult.data, onProgress: setProgress });
      toast.success(t.pictureUploaded);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setFailure(t.pictureUploadFailed(error instanceof ApiError ? reasonOf(error) : String(error)));
    } finally {
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 border-t border-base-300 pt-6">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t.pictures}
      </h3>
      <p className="mt-1 text-sm text-base-content/70">{t.picturesIntro}</p>

      {images.isPending && <p className="mt-4 text-sm">{t.loadingPictures}</p>}
      {images.data?.length === 0 && <p className="mt-4 text-sm text-base-content/70">{t.noPicturesYet}</p>}
      {images.data && images.data.length > 0 && (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label={t.pictures}>
          {images.data.map((image) => (
            <li key={image.id} className="rounded-box border border-base-300 bg-base-100 p-2">
              <ProductPicture
                src={image.url}
                alt={image.alt}
                width={image.width}
                height={image.height}
                sizes="200px"
                className="aspect-[4/3] w-full rounded-field bg-base-200 object-contain"
              />
              {image.url === currentImg && (
                <span className="badge badge-success badge-sm mt-2">{t.shownInShop}</span>
              )}
              {image.alt && <p className="mt-1 line-clamp-2 text-xs text-base-content/70">{image.alt}</p>}
              <button
                type="button"
                className="btn btn-ghost btn-xs mt-1 text-error"
                disabled={remove.isPending}
                onClick={async () => {
                  try {
                    await remove.mutateAsync(image.id);
                    toast.success(t.pictureRemoved);
                  } catch (error) {
                    toast.error(error instanceof ApiError ? reasonOf(error) : String(error));
                  }
                }}
              >
                {t.remove}
                <span className="sr-only">: {t.removePicture(image.alt || image.id)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={submit} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-file`} label={t.pictureFile} error={fileError}>
          <input
            id={`${id}-file`}
            ref={fileInput}
            type="file"
            name="file"
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            className="file-input w-full"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={describedBy(`${id}-file`, fileError)}
            onChange={() => setFileError(null)}
          />
        </FormField>
        <FormField id={`${id}-alt`} label={t.pictureAlt} error={altError} hint={t.pictureAltHint}>
          <input
            id={`${id}-alt`}
            name="alt"
            value={alt}
            maxLength={IMAGE_ALT_MAX}
            onChange={(event) => setAlt(event.target.value)}
            className="input w-full"
            autoComplete="off"
            aria-invalid={altError ? true : undefined}
            aria-describedby={describedBy(`${id}-alt`, altError ?? t.pictureAltHint)}
          />
        </FormField>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <button type="submit" className="btn btn-secondary w-fit" disabled={progress !== null}>
            {progress === null
              ? t.uploadPicture
              : t.uploadingPicture(`${count(Math.round(progress * 100))}%`)}
          </button>
          {progress !== null && (
            <progress
              className="progress progress-primary w-full max-w-sm"
              value={Math.round(progress * 100)}
              max={100}
              aria-label={t.uploadingPicture(`${count(Math.round(progress * 100))}%`)}
            />
          )}
          {failure && (
            <p role="alert" className="alert alert-error text-sm">
              {failure}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
