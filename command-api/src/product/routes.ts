import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  errorAnswers,
  MESSAGES,
  ProductBody,
  ProductCommandResponse,
  ProductDeleteResponse,
  ProductParams,
  ReorderProductsBody,
  ReorderProductsResponse,
  UploadImagesResponse,
  notFoundError,
  parseFeaturedFlag,
  productsStreamId,
  toProductView,
  validateProductInput,
  validationError,
  type Product,
} from '@kartvizit/schemas';
import type { CommandContext } from '../core/context.ts';
import { PayloadTooLargeError, sendPayloadTooLarge } from '../core/multipart.ts';
import { authorisationEnded, imageUrlsOf, productDecider, type CatalogueState, type ProductCommand } from './decider.ts';
import {
  PRODUCT_MULTIPART_LIMITS,
  deleteProductImages,
  prepareProductImage,
  readImageFiles,
  storeProductImages,
} from './images.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
// Product ids are UUIDs drawn here; anything else cannot be one of them and reads as unknown.
import { UUID_PATTERN as PRODUCT_ID } from '@kartvizit/schemas/ids';

const TAG = ['product'];
const ERRORS = errorAnswers(400, 401, 404, 409, 413, 415);

function productIdOrThrow(raw: string): string {
  const id = raw.trim().toLowerCase();
  if (!PRODUCT_ID.test(id)) throw notFoundError(MESSAGES.productNotFound);
  return id;
}

/** A flag the form really carried: blank ones are left out, like fields the form does not have. */
function sent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * The routes validate with `attachValidation` so that a field of the wrong kind is worded by the shared
 * rules, after the product's 404. What the rules cannot word goes to the error handler as before: a bad
 * id, a body that is no object, a field the product does not have.
 */
function refuseMalformed(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const { body } = request;
  const notAnObject = typeof body !== 'object' || body === null || Array.isArray(body);
  const first = (error as { validation?: readonly { keyword?: string }[] }).validation?.[0];
  if (error.validationContext !== 'body' || notAnObject || first?.keyword === 'additionalProperties') throw error;
}

function view(state: CatalogueState, ownerId: string, productId: string): Product {
  const entry = state.products.get(productId);
  if (!entry) throw new Error('A product command succeeded without its product');
  return toProductView({ ...entry, ownerId, authorisationEnded: authorisationEnded(entry) });
}

export interface ProductRouteSettings {
  /** Now, for a listing's EİDS authorisation against today (tests move it); default the system's. */
  readonly listingClock?: () => Date;
}

export function productRoutes(context: CommandContext, settings: ProductRouteSettings = {}) {
  const { commands, blobs } = context;
  const now = () => (settings.listingClock ?? (() => new Date()))().toISOString();

  /**
   * Every command runs on the signed-in owner's own catalogue stream: a product id from the
   * request is only ever looked up there, so another owner's product answers 404.
   */
  async function run(ownerId: string, command: ProductCommand, request: FastifyRequest) {
    const streamId = productsStreamId(ownerId);
    const before = await commands.load(productDecider, streamId);
    const result = await commands.handle(productDecider, streamId, command, { metadata: { actor: ownerId } });
    // Files of images no product shows any more go (KVKK: a removed photo is gone, not hidden).
    const kept = imageUrlsOf(result.state);
    const dropped = [...imageUrlsOf(before.state)].filter((url) => !kept.has(url));
    await deleteProductImages(blobs, dropped).catch((error: unknown) =>
      request.log.warn({ err: error }, 'removed product images not deleted'),
    );
    return result;
  }

  /**
   * The form, checked by the shared rules. When the schema refused the body the rules word the first
   * problem in the form's order; they refuse whatever the schema does (http.unit.spec.ts in schemas).
   */
  function checkedForm(request: FastifyRequest, body: ProductBody, ownerId: string) {
    const checked = validateProductInput(body, { ownerId });
    if (!checked.ok) throw validationError(checked.message, checked.field);
    if (request.validationError) throw request.validationError;
    return checked.value;
  }

  async function upload(request: FastifyRequest, reply: FastifyReply) {
    const ownerId = request.person.id;
    let files: Buffer[];
    try {
      files = await readImageFiles(request);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) return sendPayloadTooLarge(reply, error);
      throw error;
    }
    // All or nothing: every file is decoded before any is stored.
    const prepared = [];
    for (const bytes of files) prepared.push(await prepareProductImage(ownerId, bytes));
    await storeProductImages(blobs, prepared);
    return succeeded({
      message: MESSAGES.productImagesUploaded,
      data: prepared.map((image) => image.url),
    });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    // Multipart only for the upload; the product commands take JSON.
    await app.register(multipart, { limits: PRODUCT_MULTIPART_LIMITS, throwFileSizeLimit: false });
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/products',
      {
        config: { owner: true, scope: 'products:write' },
        schema: {
          tags: TAG,
          summary: 'Ürün ekle',
          security: [{ bearer: [] }],
          body: ProductBody,
          response: { 200: ProductCommandResponse, ...ERRORS },
        },
        attachValidation: true,
      },
      async (request) => {
        refuseMalformed(request);
        const ownerId = request.person.id;
        const form = checkedForm(request, request.body, ownerId);
        const productId = randomUUID();
        const result = await run(
          ownerId,
          { type: 'CreateProduct', data: { productId, ownerId, ...form, now: now() } },
          request,
        );
        return succeeded({
          message: MESSAGES.productCreated,
          data: view(result.state, ownerId, productId),
          position: result.position ?? undefined,
        });
      },
    );

    api.put(
      '/api/products/:id',
      {
        config: { owner: true, scope: 'products:write' },
        schema: {
          tags: TAG,
          summary: 'Ürünü düzenle (tam form) ya da yalnızca {featured} ile öne çıkar',
          security: [{ bearer: [] }],
          params: ProductParams,
          body: ProductBody,
          response: { 200: ProductCommandResponse, ...ERRORS },
        },
        attachValidation: true,
      },
      async (request) => {
        refuseMalformed(request);
        const ownerId = request.person.id;
        const productId = productIdOrThrow(request.params.id);
        const { body } = request;
        const at = now();
        const featuredOnly = Object.keys(body).length === 1 && 'featured' in body;
        let command: ProductCommand;
        let message: string;
        if (featuredOnly) {
          const parsed = parseFeaturedFlag(body.featured);
          if (!parsed.ok) throw validationError(parsed.message, 'featured');
          command = { type: 'SetProductFeatured', data: { productId, ownerId, featured: parsed.featured, now: at } };
          message = parsed.featured ? MESSAGES.productFeaturedOn : MESSAGES.productFeaturedOff;
        } else {
          // Existence first: another owner's id is a 404 whatever the form says.
          const { state } = await commands.load(productDecider, productsStreamId(ownerId));
          if (!state.products.has(productId)) throw notFoundError(MESSAGES.productNotFound);
          const form = checkedForm(request, body, ownerId);
          command = {
            type: 'EditProduct',
            data: {
              productId,
              ownerId,
              product: form.product,
              isActive: sent(body.isActive) ? form.isActive : null,
              featured: sent(body.featured) ? form.featured : null,
              keepTranslations: !sent(body.translations),
              now: at,
            },
          };
          message = MESSAGES.productUpdated;
        }
        const result = await run(ownerId, command, request);
        return succeeded({
          message,
          data: view(result.state, ownerId, productId),
          position: result.position ?? undefined,
        });
      },
    );

    api.delete(
      '/api/products/:id',
      {
        config: { owner: true, scope: 'products:write' },
        schema: {
          tags: TAG,
          summary: 'Ürünü sil',
          security: [{ bearer: [] }],
          params: ProductParams,
          response: { 200: ProductDeleteResponse, ...ERRORS },
        },
      },
      async (request) => {
        const ownerId = request.person.id;
        const productId = productIdOrThrow(request.params.id);
        const result = await run(
          ownerId,
          { type: 'DeleteProduct', data: { productId, ownerId, now: now() } },
          request,
        );
        return succeeded({ message: MESSAGES.productDeleted, position: result.position ?? '' });
      },
    );

    api.put(
      '/api/products/order/update',
      {
        config: { owner: true, scope: 'products:write' },
        schema: {
          tags: TAG,
          summary: 'Ürünleri sırala',
          security: [{ bearer: [] }],
          body: ReorderProductsBody,
          response: { 200: ReorderProductsResponse, ...ERRORS },
        },
      },
      async (request) => {
        const ownerId = request.person.id;
        const products = request.body.products.map((entry) => {
          const productId = entry.id.trim().toLowerCase();
          if (!PRODUCT_ID.test(productId)) throw notFoundError(MESSAGES.productNotFound);
          return { productId, order: entry.order };
        });
        const result = await run(
          ownerId,
          { type: 'ReorderProducts', data: { ownerId, products, now: now() } },
          request,
        );
        return succeeded({
          message: MESSAGES.productOrderUpdated,
          position: result.position ?? undefined,
        });
      },
    );

    api.post(
      '/api/upload/images',
      {
        config: { owner: true, scope: 'products:write' },
        schema: {
          tags: TAG,
          summary: 'Ürün görselleri yükle',
          description: "multipart/form-data, repeated file field 'images': JPEG, PNG or WebP, 5 MB each, at most 10.",
          consumes: ['multipart/form-data'],
          security: [{ bearer: [] }],
          response: { 200: UploadImagesResponse, ...ERRORS },
        },
      },
      upload,
    );
  };
}
