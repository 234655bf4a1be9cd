import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_LISTINGS,
  DEMO_OWNER_ID,
  mediaUrl,
  productImageKeys,
  productsStreamId,
  validateProductInput,
  type DemoPhoto,
} from '@kartvizit/schemas';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import type { Checkpoint, EventMetadata } from '@kartvizit/infra/event-store/types';
import { detectImageFormat, imageContentHash } from '@kartvizit/infra/images/process';
import type { CommandContext } from '../core/context.ts';
import { imageUrlsOf, productDecider, type ProductCommand } from '../product/decider.ts';
import { deleteProductImages } from '../product/images.ts';

/** The drawn photos: the upload pipeline's variants, made and committed by photos/draw.ts. */
const PHOTO_DIRECTORY = join(fileURLToPath(new URL('.', import.meta.url)), 'photos');

interface StoredPhoto {
  readonly url: string;
  readonly files: readonly { readonly key: string; readonly bytes: Buffer; readonly contentType: string }[];
}

/**
 * One photo as the upload route stores it (command-api/src/product/images.ts): the main JPEG under
 * the owner's product folder, named by the hash of its bytes, with its small JPEG and WebP beside it.
 */
async function photoFiles(photo: DemoPhoto): Promise<StoredPhoto> {
  const read = (name: string) => readFile(join(PHOTO_DIRECTORY, name));
  const [main, small, smallWebp] = await Promise.all([
    read(`${photo}.jpg`),
    read(`${photo}-sm.jpg`),
    read(`${photo}-sm.webp`),
  ]);
  if (
    detectImageFormat(main) !== 'jpeg' ||
    detectImageFormat(small) !== 'jpeg' ||
    detectImageFormat(smallWebp) !== 'webp'
  )
    throw new Error(`The sample photo ${photo} is not the pipeline's JPEG and WebP: draw it again (photos/draw.ts)`);
  const keys = productImageKeys(DEMO_OWNER_ID, imageContentHash(main), 'jpg');
  return {
    url: mediaUrl(keys.main),
    files: [
      { key: keys.main, bytes: main, contentType: 'image/jpeg' },
      { key: keys.small, bytes: small, contentType: 'image/jpeg' },
      { key: keys.smallWebp, bytes: smallWebp, contentType: 'image/webp' },
    ],
  };
}

/** Every listing's photos, stored; answers each photo's address. */
async function storePhotos(blobs: BlobStore): Promise<ReadonlyMap<DemoPhoto, string>> {
  const photos = [...new Set(DEMO_LISTINGS.flatMap((listing) => listing.photos))];
  const stored = await Promise.all(photos.map(photoFiles));
  // Put on every start: a blob store emptied (a new disk under an old database) gets its files back.
  await Promise.all(
    stored.flatMap((photo) => photo.files.map((file) => blobs.put(file.key, file.bytes, file.contentType))),
  );
  return new Map(photos.map((photo, index) => [photo, stored[index]?.url ?? '']));
}

export interface CatalogueSeedSteps {
  /** Runs one decision, retrying when another instance wrote the same stream first. */
  readonly retrying: <T>(step: () => Promise<T>) => Promise<T>;
  readonly note: (position: Checkpoint | null) => void;
  readonly metadata: EventMetadata;
  readonly at: string;
}

/**
 * The sample agent's listings as real products of the system owner's catalogue, through the
 * product decider like an owner's own 'Ürün Ekle': the photos are stored as uploads are (the
 * pipeline's variants, drawn and encoded once by photos/draw.ts, so every instance on any hardware
 * names them alike and a start costs no encoding), each
 * listing is created (or edited when schemas/src/demo/model.ts changed it), products no longer listed
 * are deleted with their files, and the order is the listings' order (featured first). A decision
 * that changes nothing appends nothing.
 */
export async function seedDemoCatalogue(context: CommandContext, steps: CatalogueSeedSteps): Promise<void> {
  const { commands, blobs } = context;
  const { retrying, note, metadata, at } = steps;
  const ownerId = DEMO_OWNER_ID;
  const stream = productsStreamId(ownerId);
  const photos = await storePhotos(blobs);

  const before = imageUrlsOf((await commands.load(productDecider, stream)).state);
  const run = async (command: ProductCommand) =>
    note((await commands.handle(productDecider, stream, command, { metadata })).position);

  for (const listing of DEMO_LISTINGS) {
    const images = listing.photos.map((photo) => photos.get(photo) ?? '');
    const checked = validateProductInput({ ...listing.form, images }, { ownerId });
    if (!checked.ok)
      throw new Error(`The sample listing ${listing.productId} breaks the product rules: ${checked.message}`);
    const { product, isActive, featured } = checked.value;
    const { productId } = listing;
    await retrying(async () => {
      const { state } = await commands.load(productDecider, stream);
      await run(
        state.products.has(productId)
          ? { type: 'EditProduct', data: { productId, ownerId, product, isActive, featured, now: at } }
          : { type: 'CreateProduct', data: { productId, ownerId, product, isActive, featured, now: at } },
      );
    });
  }

  const listed = new Set<string>(DEMO_LISTINGS.map((listing) => listing.productId));
  await retrying(async () => {
    const { state } = await commands.load(productDecider, stream);
    for (const productId of state.products.keys()) {
      if (!listed.has(productId)) await run({ type: 'DeleteProduct', data: { productId, ownerId, now: at } });
    }
  });
  await retrying(() =>
    run({
      type: 'ReorderProducts',
      data: { ownerId, products: DEMO_LISTINGS.map(({ productId }, order) => ({ productId, order })), now: at },
    }),
  );

  const kept = imageUrlsOf((await commands.load(productDecider, stream)).state);
  await deleteProductImages(
    blobs,
    [...before].filter((url) => !kept.has(url)),
  );
}
