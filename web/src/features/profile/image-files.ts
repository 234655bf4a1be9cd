import { PROFILE_MESSAGES } from '@kartvizit/schemas/profile/messages';
import {
  PROFILE_IMAGE_ACCEPT,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
} from '@kartvizit/schemas/profile/model';
import type { ImageSlot } from './profile-form.ts';

/** SPEC §5 "Uploads", checked in the browser before anything is sent; the server checks again. */

export const IMAGE_ACCEPT = PROFILE_IMAGE_ACCEPT;
export const IMAGE_TYPES = PROFILE_IMAGE_ACCEPT.split(',');
export const IMAGE_LIMIT_BYTES: Readonly<Record<ImageSlot, number>> = PROFILE_IMAGE_MAX_BYTES;
export const IMAGE_TOO_LARGE: Readonly<Record<ImageSlot, string>> = PROFILE_IMAGE_TOO_LARGE;

export const IMAGE_WRONG_TYPE = PROFILE_MESSAGES.profileImageNotAnImage;

export function imageFileProblem(
  slot: ImageSlot,
  file: { readonly size: number; readonly type: string },
): string | null {
  if (!IMAGE_TYPES.some((type) => type === file.type)) return IMAGE_WRONG_TYPE;
  if (file.size > IMAGE_LIMIT_BYTES[slot]) return IMAGE_TOO_LARGE[slot];
  return null;
}
