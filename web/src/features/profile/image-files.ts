import { PROFILE_MESSAGES } from '@kartvizit/schemas/messages/profile';
import type { ImageSlot } from './profile-form.ts';

/** SPEC §5 "Uploads", checked in the browser before anything is sent; the server checks again. */

const MB = 1024 * 1024;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const IMAGE_LIMIT_BYTES: Readonly<Record<ImageSlot, number>> = {
  profilePicture: 2 * MB,
  coverPhoto: 4 * MB,
  companyLogo: 2 * MB,
};

export const IMAGE_TOO_LARGE: Readonly<Record<ImageSlot, string>> = {
  profilePicture: PROFILE_MESSAGES.profilePictureTooLarge,
  coverPhoto: PROFILE_MESSAGES.profileCoverPhotoTooLarge,
  companyLogo: PROFILE_MESSAGES.profileCompanyLogoTooLarge,
};

export const IMAGE_WRONG_TYPE = PROFILE_MESSAGES.profileImageNotAnImage;

export function imageFileProblem(
  slot: ImageSlot,
  file: { readonly size: number; readonly type: string },
): string | null {
  if (!IMAGE_TYPES.some((type) => type === file.type)) return IMAGE_WRONG_TYPE;
  if (file.size > IMAGE_LIMIT_BYTES[slot]) return IMAGE_TOO_LARGE[slot];
  return null;
}
