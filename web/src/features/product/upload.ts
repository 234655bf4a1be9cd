import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MAX_IMAGES } from '@kartvizit/schemas/product/model';
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

/** The first reason these files cannot be added to a product that already shows `shown` images. */
export function uploadProblem(files: ReadonlyArray<{ readonly size: number; readonly type: string }>, shown: number): string | null {
  if (files.length === 0) return PRODUCT_MESSAGES.productImagesMissing;
  if (shown + files.length > PRODUCT_MAX_IMAGES) return PRODUCT_MESSAGES.productTooManyImages;
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
