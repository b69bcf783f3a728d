import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { IMAGE_UPLOAD_TYPES, IMAGE_WIDTHS, storedWidths } from '../../../shared/media.ts';
import { messages } from '../../../shared/messages.ts';

// Turning an upload into the stored versions of a picture (docs/decisions/027-product-images.md).
// Nothing here trusts the upload's name or declared type: the bytes decide.

/** The most pixels a picture may decode to (about 7,000 × 7,000): more is a pixel bomb. */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

export interface Upload {
  data: Buffer;
  /** The name the browser sent; only compared with the content, never stored. */
  filename?: string;
  /** The type the browser declared; only compared with the content. */
  mimetype?: string;
}

export interface PictureVersion {
  width: number;
  height: number;
  data: Buffer;
}

export interface Picture {
  /** Content hash of every version: the start of each stored name. */
  hash: string;
  /** Narrowest first; the last is the widest. */
  versions: PictureVersion[];
}

const extensionsOf: Record<(typeof IMAGE_UPLOAD_TYPES)[number], string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jfif', '.pjpeg', '.pjp'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

/** The real type of the bytes, if it is one we take and the upload does not claim another. */
async function checkedType(upload: Upload): Promise<(typeof IMAGE_UPLOAD_TYPES)[number]> {
  const found = await fileTypeFromBuffer(upload.data);
  const type = IMAGE_UPLOAD_TYPES.find((accepted) => accepted === found?.mime);
  if (!type) throw unsupported('The file is not a JPEG, PNG or WebP picture');
  const declared = upload.mimetype?.toLowerCase().replace('image/jpg', 'image/jpeg');
  if (declared && declared !== 'application/octet-stream' && declared !== type)
    throw unsupported(`The file says it is ${declared} but it is ${type}`);
  const extension = upload.filename ? extname(upload.filename).toLowerCase() : '';
  if (extension && !extensionsOf[type].includes(extension))
    throw unsupported(`The file's name ends in ${extension.slice(0, 12)} but it is ${type}`);
  return type;
}

/**
 * Checks an upload and makes its WebP versions: turned upright by its orientation tag, without
 * any metadata (EXIF, GPS, XMP, ICC: sharp writes none unless asked), at IMAGE_WIDTHS, never wider
 * than the picture itself.
 */
export async function makePicture(upload: Upload): Promise<Picture> {
  await checkedType(upload);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1 };
  let metadata: Metadata;
  try {
    // Only the header is read here, so the pixel count can be refused with its own answer;
    // the decoding below keeps sharp's limit as well.
    metadata = await sharp(upload.data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNPROCESSABLE', messages.pictureUnreadable);
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new AppError('UNPROCESSABLE', messages.pictureUnreadable);
  if (width * height > MAX_INPUT_PIXELS)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The picture is ${width} × ${height} pixels; at most ${MAX_INPUT_PIXELS.toLocaleString('en')} pixels`,
    );
  const widest = Math.min(width, IMAGE_WIDTHS.at(-1) ?? width);
  const versions: PictureVersion[] = [];
  try {
    const upright = sharp(upload.data, options).rotate();
    for (const target of storedWidths(widest)) {
      const { data, info } = await upright
        .clone()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      versions.push({ width: info.width, height: info.height, data });
    }
  } catch {
    throw new AppError('UNPROCESSABLE', messages.pictureUnreadable);
  }
  const hash = createHash('sha256');
  for (const version of versions) hash.update(version.data);
  return { hash: hash.digest('hex').slice(0, 32), versions };
}
