import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_UPLOAD_MAX_FILES,
  mediaUrl,
  productImageKeys,
  productImageKeysOf,
  validationError,
  DomainError,
  type ProductImageKeys,
} from '@kartvizit/schemas';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import {
  ImageBusyError,
  ImageRejectedError,
  processImage,
  type ImagePreset,
  type ProcessedImage,
} from '@kartvizit/infra/images/process';
import { PayloadTooLargeError, isPartsLimit, readLimited } from '../core/multipart.ts';

/**
 * Product images go through the profile's pipeline (infra/src/images/process.ts): the type is read
 * from the bytes, the picture decoded, turned upright, scaled and encoded afresh (EXIF and GPS
 * gone), stored content-addressed under the owner with a small variant for lists.
 */
export const PRODUCT_IMAGE_PRESET: ImagePreset = {
  main: { maxWidth: 1200, maxHeight: 1200 },
  small: { maxWidth: 400, maxHeight: 400 },
  output: 'jpeg',
  // The card page's catalogue shows the small variant, as WebP where the browser takes it (decision 23).
  smallWebp: true,
};

const REJECTION_MESSAGES = {
  not_an_image: MESSAGES.productImageNotAnImage,
  unreadable: MESSAGES.productImageUnreadable,
  too_many_pixels: MESSAGES.productImageTooManyPixels,
  too_many_png_pixels: MESSAGES.productImageTooManyPixelsPng,
} as const;

/** Bounds busboy applies while reading; one file over the limit is read (and refused) so the answer names the limit. */
export const PRODUCT_MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 10,
  fileSize: PRODUCT_IMAGE_MAX_BYTES + 1,
  files: PRODUCT_UPLOAD_MAX_FILES + 1,
  parts: PRODUCT_UPLOAD_MAX_FILES + 11,
  headerPairs: 20,
};

export interface PreparedProductImage {
  readonly url: string;
  readonly keys: ProductImageKeys;
  readonly image: ProcessedImage;
}

/**
 * The files of repeated field `images`, each read to its end and at most 5 MB. The first problem
 * is the answer, after the whole body is read; nothing is decoded before every file has passed.
 */
export async function readImageFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw validationError(MESSAGES.productImagesMissing, 'images');
  const files: Buffer[] = [];
  let problem: Error | null = null;
  const note = (error: Error) => {
    problem ??= error;
  };
  try {
    for await (const part of request.parts({ limits: PRODUCT_MULTIPART_LIMITS })) {
      if (part.type !== 'file') {
        note(validationError(MESSAGES.productImageFieldUnexpected, part.fieldname));
        continue;
      }
      if (part.fieldname !== 'images') {
        part.file.resume();
        note(validationError(MESSAGES.productImageFieldUnexpected, part.fieldname));
        continue;
      }
      if (files.length >= PRODUCT_UPLOAD_MAX_FILES) {
        // One too many: drained, not kept, so a refused request holds at most ten files in memory.
        part.file.resume();
        note(new PayloadTooLargeError(MESSAGES.productImagesTooMany, 'images'));
        continue;
      }
      const bytes = await readLimited(part.file, PRODUCT_IMAGE_MAX_BYTES);
      if (bytes === null || part.file.truncated) {
        note(new PayloadTooLargeError(MESSAGES.productImageTooLarge, 'images'));
        continue;
      }
      // A file input left empty arrives as a nameless, empty part.
      if (bytes.length === 0 && !part.filename) continue;
      files.push(bytes);
    }
  } catch (error) {
    if (isPartsLimit(error)) {
      note(new PayloadTooLargeError(MESSAGES.productImagesTooMany, 'images'));
    } else {
      note(error instanceof DomainError ? error : validationError(MESSAGES.invalidRequest));
    }
  }
  if (problem) throw problem;
  if (files.length === 0) throw validationError(MESSAGES.productImagesMissing, 'images');
  return files;
}

/** Decodes, checks and re-encodes one upload; the refusal is Turkish and names `images`. */
export async function prepareProductImage(ownerId: string, bytes: Buffer): Promise<PreparedProductImage> {
  let image: ProcessedImage;
  try {
    image = await processImage(bytes, PRODUCT_IMAGE_PRESET);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw validationError(REJECTION_MESSAGES[error.reason], 'images');
    if (error instanceof ImageBusyError) throw new DomainError('busy', MESSAGES.imageProcessingBusy, 'images');
    throw error;
  }
  const keys = productImageKeys(ownerId, image.hash, image.extension);
  return { url: mediaUrl(keys.main), keys, image };
}

export async function storeProductImages(blobs: BlobStore, images: readonly PreparedProductImage[]): Promise<void> {
  await Promise.all(
    images.flatMap(({ keys, image }) => [
      blobs.put(keys.main, image.main.bytes, image.contentType),
      blobs.put(keys.small, image.small.bytes, image.contentType),
      ...(image.smallWebp ? [blobs.put(keys.smallWebp, image.smallWebp.bytes, 'image/webp')] : []),
    ]),
  );
}

/** Removes the files (every variant) of image addresses no product of the owner shows any more. */
export async function deleteProductImages(blobs: BlobStore, urls: Iterable<string>): Promise<void> {
  const keys: string[] = [];
  for (const url of urls) {
    const variants = productImageKeysOf(url);
    if (variants) keys.push(variants.main, variants.small, variants.smallWebp);
  }
  await Promise.all(keys.map((key) => blobs.delete(key)));
}
