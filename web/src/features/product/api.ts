import type {
  Product,
  ProductCommandResponse,
  ProductDeleteResponse,
  ProductListResponse,
  ReorderProductsBody,
  ReorderProductsResponse,
} from '@kartvizit/schemas/product/http';
import { api } from '../../app/api.ts';
import type { ProductRequestBody } from './product-form.ts';

export type { Product } from '@kartvizit/schemas/product/http';

const LIST = { type: 'Product', id: 'LIST' } as const;
const one = (id: string) => ({ type: 'Product', id }) as const;
const path = (id: string) => encodeURIComponent(id);

export const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The owner's own list in the owner's order, inactive products included (SPEC §7). */
    getProducts: build.query<ProductListResponse, void>({
      query: () => '/products',
      providesTags: (result) => [...(result?.data.map((product) => one(product._id)) ?? []), LIST],
    }),
    createProduct: build.mutation<ProductCommandResponse, ProductRequestBody>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    updateProduct: build.mutation<ProductCommandResponse, { readonly id: string; readonly body: ProductRequestBody }>({
      query: ({ id, body }) => ({ url: `/products/${path(id)}`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { id }) => (result ? [one(id), LIST] : []),
    }),
    /** PUT with exactly `{featured}`: the list's star toggle. */
    featureProduct: build.mutation<ProductCommandResponse, { readonly id: string; readonly featured: boolean }>({
      query: ({ id, featured }) => ({ url: `/products/${path(id)}`, method: 'PUT', body: { featured } }),
      invalidatesTags: (result, _error, { id }) => (result ? [one(id), LIST] : []),
    }),
    deleteProduct: build.mutation<ProductDeleteResponse, string>({
      query: (id) => ({ url: `/products/${path(id)}`, method: 'DELETE' }),
      invalidatesTags: (result, _error, id) => (result ? [one(id), LIST] : []),
    }),
    /**
     * Optimistic (SPEC §4): the list shows the new order at once; a refusal puts the old one back and
     * the list is read again, so the screen never keeps an order the server does not have.
     */
    reorderProducts: build.mutation<ReorderProductsResponse, ReorderProductsBody>({
      query: (body) => ({ url: '/products/order/update', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const place = new Map(body.products.map(({ id, order }) => [id, order]));
        const patch = dispatch(
          productApi.util.updateQueryData('getProducts', undefined, (draft) => {
            draft.data.sort((a, b) => (place.get(a._id) ?? 0) - (place.get(b._id) ?? 0));
            for (const product of draft.data) product.order = place.get(product._id) ?? product.order;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [LIST] : []),
    }),
  }),
});

export const {
  useGetProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useFeatureProductMutation,
  useDeleteProductMutation,
  useReorderProductsMutation,
} = productApi;

/** The product a list row or dialog is about. */
export type ProductRow = Product;
