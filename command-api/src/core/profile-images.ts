// The profile's image slots as uploads become stored images: the profile form's, and an office's logo (a company logo
// by the same rules, decision 61).
import {
  MESSAGES,
  mediaUrl,
  profileImageKeysOf,
  profileImageKeys,
  DomainError,
  validationError,
  type ProfileImageSlot,
} from '@kartvizit/schemas';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import {
  ImageBusyError,
  ImageRejectedError,
  processImage,
  type ImagePreset,
  type ProcessedImage,
} from '@kartvizit/infra/images/process';

/** Sizes per slot: a square-ish portrait, a wide cover, a logo that keeps its transparency. */
export const PROFILE_IMAGE_PRESETS: { readonly [S in ProfileImageSlot]: ImagePreset } = {
  profilePicture: { main: { maxWidth: 800, maxHeight: 800 }, small: { maxWidth: 160, maxHeight: 160 }, output: 'jpeg' },
  coverPhoto: { main: { maxWidth: 1600, maxHeight: 900 }, small: { maxWidth: 640, maxHeight: 360 }, output: 'jpeg' },
  companyLogo: {
    main: { maxWidth: 512, maxHeight: 512 },
    small: { maxWidth: 160, maxHeight: 160 },
    output: 'png-if-alpha',
  },
};

const REJECTION_MESSAGES = {
  not_an_image: MESSAGES.profileImageNotAnImage,
  unreadable: MESSAGES.profileImageUnreadable,
  too_many_pixels: MESSAGES.profileImageTooManyPixels,
  too_many_png_pixels: MESSAGES.profileImageTooManyPixelsPng,
} as const;

export interface PreparedImage {
  readonly slot: ProfileImageSlot;
  readonly url: string;
  readonly keys: { readonly main: string; readonly small: string };
  readonly image: ProcessedImage;
}

/** Decodes, checks and re-encodes an upload; the Turkish refusal names the slot's field. */
export async function prepareImage(ownerId: string, slot: ProfileImageSlot, bytes: Buffer): Promise<PreparedImage> {
  let image: ProcessedImage;
  try {
    image = await processImage(bytes, PROFILE_IMAGE_PRESETS[slot]);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw validationError(REJECTION_MESSAGES[error.reason], slot);
    if (error instanceof ImageBusyError) throw new DomainError('busy', MESSAGES.imageProcessingBusy, slot);
    throw error;
  }
  const keys = profileImageKeys(ownerId, slot, image.hash, image.extension);
  return { slot, url: mediaUrl(keys.main), keys, image };
}

export async function storeImages(blobs: BlobStore, images: readonly PreparedImage[]): Promise<void> {
  await Promise.all(
    images.flatMap(({ keys, image }) => [
      blobs.put(keys.main, image.main.bytes, image.contentType),
      blobs.put(keys.small, image.small.bytes, image.contentType),
    ]),
  );
}

/** Removes the files of image addresses no profile shows any more (both variants). */
export async function deleteImages(blobs: BlobStore, urls: Iterable<string>): Promise<void> {
  const keys: string[] = [];
  for (const url of urls) {
    const variants = profileImageKeysOf(url);
    if (variants) keys.push(variants.main, variants.small);
  }
  await Promise.all(keys.map((key) => blobs.delete(key)));
}
