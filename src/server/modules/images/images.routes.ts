import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, idParamsSchema } from '../../../shared/schemas/common.schema.ts';
import {
  imageAltSchema,
  imageParamsSchema,
  productImageListSchema,
  productImageSchema,
} from '../../../shared/schemas/image.schema.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../shared/media.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { adminOnly } from '../../plugins/access.ts';
import type { Upload } from './picture.ts';
import * as service from './images.service.ts';
import { messages } from '../../../shared/messages.ts';

const tags = ['products'];
const MB = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

/** The one file (`file`) and its alternative text (`alt`) of an upload; limits answer 413. */
async function readUpload(request: FastifyRequest): Promise<{ upload: Upload; alt: string }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
  let upload: Upload | undefined;
  let altText = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          throw validationFailed([{ path: 'body.file', message: 'Send one file, in the field "file"' }]);
        }
        upload = { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else if (part.fieldname === 'alt') {
        altText = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MB} MB`);
    if (code === 'FST_FILES_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', messages.oneFileAtATime);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE', 'Too many fields');
    throw new AppError('BAD_REQUEST', 'The upload could not be read');
  }
  if (!upload || upload.data.length === 0)
    throw validationFailed([{ path: 'body.file', message: 'Choose a picture to upload' }]);
  const alt = imageAltSchema.safeParse(altText);
  if (!alt.success) throw validationFailed([{ path: 'body.alt', message: alt.error.issues[0]?.message }]);
  return { upload, alt: alt.data };
}

// Product pictures (docs/decisions/027-product-images.md): anyone may list them; adding and
// removing them is for admins, like every catalogue write.

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: IMAGE_UPLOAD_MAX_BYTES,
      files: 1,
      fields: 2,
      fieldSize: 2_000,
      parts: 4,
      headerPairs: 20,
    },
  });

  const context = (): service.ImagesContext => ({
    db: app.db,
    storage: app.media,
    cache: app.catalogue.cache,
    log: app.log,
  });

  app.get(
    '/product/:id/images',
    {
      schema: {
        tags,
        summary: "A product's uploaded pictures, newest first, each with the srcset of its stored widths",
        params: idParamsSchema,
        response: { 200: productImageListSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => service.listImages(context(), request.params.id),
  );

  app.post(
    '/product/:id/images',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          `Upload a picture (admin): multipart/form-data with "file" (JPEG, PNG or WebP by its bytes, at most ${MB} MB ` +
          'and 50 million pixels) and "alt". Stored as WebP at 320, 640 and 1280 pixels wide without metadata; ' +
          "the product's img becomes the widest version",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: productImageSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 503) },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const { upload, alt } = await readUpload(request);
      return reply.status(201).send(await service.addImage(context(), request.params.id, upload, alt));
    },
  );

  app.delete(
    '/product/:id/images/:imageId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          "Remove a picture (admin); if it was the product's img, the newest remaining picture (or the address before) takes its place",
        params: imageParamsSchema,
        response: { 200: deletedCountSchema, ...errorResponses(400, 401, 403, 404) },
        security: [{ bearer: [] }],
      },
    },
    (request) => service.removeImage(context(), request.params.id, request.params.imageId),
  );
};
