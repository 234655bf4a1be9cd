import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import { LISTING_MAX_IMAGES, type CatalogueItemKind } from '@kartvizit/schemas/product/listing';
import { LISTING_MESSAGES } from '@kartvizit/schemas/product/listing-messages';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MAX_IMAGES, PRODUCT_UPLOAD_MAX_FILES } from '@kartvizit/schemas/product/model';
import { endRefusedSession } from '../../app/api.ts';
import type { AppDispatch } from '../../app/store.ts';
import { recordPositionOf } from '../../app/write-position.ts';
import { readToken } from '../account/token.ts';

/**
 * Product image uploads. Checked in the browser first (the server checks again), then sent with
 * XMLHttpRequest: fetch, and so RTK Query, cannot report upload progress, and the screen shows a
 * progress bar. The request carries the session like every other call and ends the session on a
 * 401 for the current token, as the root base query does.
 */

/** How many images an item may show: a listing 30, a product 10 (issue 33). */
export function imageLimitOf(kind: CatalogueItemKind): number {
  return kind === 'listing' ? LISTING_MAX_IMAGES : PRODUCT_MAX_IMAGES;
}

/** The first reason these files cannot be added to an item that already shows `shown` images. */
export function uploadProblem(
  files: ReadonlyArray<{ readonly size: number; readonly type: string }>,
  shown: number,
  kind: CatalogueItemKind = 'product',
): string | null {
  if (files.length === 0) return PRODUCT_MESSAGES.productImagesMissing;
  if (shown + files.length > imageLimitOf(kind)) {
    return kind === 'listing' ? LISTING_MESSAGES.listingTooManyImages : PRODUCT_MESSAGES.productTooManyImages;
  }
  if (files.some((file) => !file.type.startsWith('image/'))) return PRODUCT_MESSAGES.productUploadWrongType;
  if (files.some((file) => file.size > PRODUCT_IMAGE_MAX_BYTES)) return PRODUCT_MESSAGES.productImageTooLarge;
  return null;
}

export type UploadOutcome =
  | { readonly ok: true; readonly urls: readonly string[]; readonly message: string }
  | { readonly ok: false; readonly message: string; readonly status: number | null };

/** SPEC §8: the server's message if present, else a generic one; success false: its message or "unsuccessful". */
export function uploadOutcome(status: number, body: unknown): UploadOutcome {
  const answer = typeof body === 'object' && body !== null ? (body as Partial<Record<string, unknown>>) : null;
  const message = typeof answer?.message === 'string' && answer.message.trim() !== '' ? answer.message : null;
  if (status >= 200 && status < 300 && answer?.success === true && Array.isArray(answer.data)) {
    const urls = answer.data.filter((url): url is string => typeof url === 'string');
    return { ok: true, urls, message: message ?? PRODUCT_MESSAGES.productImagesUploaded };
  }
  if (status >= 200 && status < 300) return { ok: false, message: message ?? PRODUCT_MESSAGES.productUploadFailed, status };
  if (status === 0) return { ok: false, message: PRODUCT_MESSAGES.productUploadError, status: null };
  return { ok: false, message: answer?.success === false && message ? message : PRODUCT_MESSAGES.productUploadError, status };
}

const UPLOAD_TIMEOUT_MS = 120_000;

export function uploadProductImages(
  files: readonly File[],
  dispatch: AppDispatch,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    const token = readToken();
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload/images');
    request.responseType = 'json';
    request.timeout = UPLOAD_TIMEOUT_MS;
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    const failed = () => resolve(uploadOutcome(0, null));
    request.addEventListener('error', failed);
    request.addEventListener('timeout', failed);
    request.addEventListener('abort', failed);
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status === 401 && token !== null && token === readToken()) {
        endRefusedSession(dispatch);
      }
      const outcome = uploadOutcome(request.status, body);
      if (outcome.ok) recordPositionOf(body);
      resolve(outcome);
    });
    request.send(form);
  });
}

/** The files in requests the server takes: at most PRODUCT_UPLOAD_MAX_FILES each, in the order chosen. */
export function uploadBatches<F>(files: readonly F[], size: number = PRODUCT_UPLOAD_MAX_FILES): F[][] {
  const batches: F[][] = [];
  for (let start = 0; start < files.length; start += size) batches.push(files.slice(start, start + size));
  return batches;
}

export interface BatchedUpload {
  /** Every address uploaded, also those of the batches before a failure (the owner keeps them). */
  readonly urls: readonly string[];
  /** The last batch's outcome: the first failure, or the last success. */
  readonly outcome: UploadOutcome;
}

/**
 * More files than one request takes (a listing's 30 photos) go as several uploads, one after another; the progress
 * is of all the bytes. A failed batch stops the rest.
 */
export async function uploadInBatches<F extends { readonly size: number }>(
  files: readonly F[],
  send: (batch: readonly F[], onProgress: (fraction: number) => void) => Promise<UploadOutcome>,
  onProgress: (fraction: number) => void,
): Promise<BatchedUpload> {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const urls: string[] = [];
  let done = 0;
  let outcome: UploadOutcome = { ok: false, message: PRODUCT_MESSAGES.productImagesMissing, status: null };
  for (const batch of uploadBatches(files)) {
    const bytes = batch.reduce((sum, file) => sum + file.size, 0);
    outcome = await send(batch, (fraction) => onProgress((done + fraction * bytes) / total));
    if (!outcome.ok) return { urls, outcome };
    urls.push(...outcome.urls);
    done += bytes;
    onProgress(done / total);
  }
  return { urls, outcome };
}
