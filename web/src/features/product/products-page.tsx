import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import { useAppSelector } from '../../app/hooks.ts';
import { commandOutcome, httpStatus, toastFailure } from '../../shared/command-outcome.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { selectCurrentUser } from '../account/session-slice.ts';
import {
  useDeleteProductMutation,
  useFeatureProductMutation,
  useGetProductsQuery,
  useReorderProductsMutation,
  type Product,
} from './api.ts';
import { ProductFormPanel } from './product-form-panel.tsx';
import { catalogueTitle } from './listing-row.tsx';
import { ProductList } from './product-list.tsx';
import { moveAnnouncement, moveItem, orderBody } from './reorder.ts';
import '../../shared/ui/states.css';
import './products.css';

const LOAD_ERROR_TOAST_ID = 'products-load-error';
/** SPEC §8, §9: the delete toasts sit bottom right for 3 s. */
const DELETE_TOAST = { position: 'bottom-right', duration: 3000 } as const;

type FormMode = { readonly open: false } | { readonly open: true; readonly product: Product | null };

/** The owner's catalogue (SPEC "Product management", §4). */
export function ProductsPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data, isLoading, isError, isFetching, error, refetch } = useGetProductsQuery();
  const [reorderProducts, reorder] = useReorderProductsMutation();
  const [featureProduct] = useFeatureProductMutation();
  const [deleteProduct, deletion] = useDeleteProductMutation();
  const [mode, setMode] = useState<FormMode>({ open: false });
  const [formKey, setFormKey] = useState(0);
  const [featuring, setFeaturing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const products = data?.data ?? [];
  // The screen stays 'Ürün Kataloğu'; its list is 'Portföy ve Ürünler' once it holds a listing (issue 33).
  const listTitle = catalogueTitle(products, 'Ürünleriniz');

  useEffect(() => {
    if (isError && httpStatus(error) !== 401) toast.error(PRODUCT_MESSAGES.productsLoadError, { id: LOAD_ERROR_TOAST_ID });
  }, [isError, error]);

  function openForm(product: Product | null) {
    setFormKey((key) => key + 1);
    setMode({ open: true, product });
  }

  function closeForm() {
    setMode({ open: false });
  }

  async function move(from: number, to: number) {
    if (reorder.isLoading) return;
    const next = moveItem(products, from, to);
    if (next === products) return;
    const moved = products[from];
    if (moved) setAnnouncement(moveAnnouncement(moved.name, next.indexOf(moved), next.length));
    const result = await reorderProducts(orderBody(next));
    if ('error' in result) {
      if (httpStatus(result.error) !== 401) toast.error(PRODUCT_MESSAGES.productOrderError, { id: 'product-order' });
      setAnnouncement(PRODUCT_MESSAGES.productOrderError);
      return;
    }
    toast.success(PRODUCT_MESSAGES.productOrderUpdated, { id: 'product-order' });
  }

  async function feature(product: Product) {
    setFeaturing(product._id);
    const result = await featureProduct({ id: product._id, featured: !product.featured });
    setFeaturing(null);
    const outcome = commandOutcome(result, { failed: PRODUCT_MESSAGES.productFeatureError, error: PRODUCT_MESSAGES.productFeatureError });
    if (!outcome.ok) {
      toastFailure(outcome);
      return;
    }
    toast.success(product.featured ? PRODUCT_MESSAGES.productFeaturedOff : PRODUCT_MESSAGES.productFeaturedOn);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const result = await deleteProduct(deleting._id);
    const outcome = commandOutcome(result, { failed: PRODUCT_MESSAGES.productDeleteError, error: PRODUCT_MESSAGES.productDeleteError });
    if (!outcome.ok) {
      if (outcome.status !== 401) toast.error(outcome.message, DELETE_TOAST);
      return;
    }
    if (mode.open && mode.product?._id === deleting._id) closeForm();
    setDeleting(null);
    toast.success(PRODUCT_MESSAGES.productDeleted, DELETE_TOAST);
  }

  // The product being edited as the list has it now (its star may have changed since the form opened).
  const editing = mode.open && mode.product ? (products.find((product) => product._id === mode.product?._id) ?? mode.product) : null;
  const deletingImage = deleting ? (deleting.thumbnails[0] ?? deleting.images[0]) : undefined;

  return (
    <div className="products-page">
      <title>Ürün Kataloğu · Dijital Kartvizit</title>
      <header className="products-page__head">
        <div>
          <h1 className="products-page__title">{PRODUCT_MESSAGES.productScreenTitle}</h1>
          <p className="products-page__lead">{PRODUCT_MESSAGES.productScreenLead}</p>
        </div>
        {!isLoading && (
          <button
            type="button"
            className={mode.open ? 'btn btn--secondary' : 'btn btn--primary'}
            aria-expanded={mode.open}
            aria-controls={mode.open ? 'product-form' : undefined}
            onClick={() => (mode.open ? closeForm() : openForm(null))}
          >
            {!mode.open && <Icon path={ICONS.plus} />}
            {mode.open ? PRODUCT_MESSAGES.productCancel : PRODUCT_MESSAGES.productAdd}
          </button>
        )}
      </header>

      {mode.open && user && (
        <div id="product-form">
          <ProductFormPanel key={formKey} product={editing} ownerId={user.id} onClose={closeForm} />
        </div>
      )}

      {isLoading ? (
        <PageSpinner label={PRODUCT_MESSAGES.productsLoading} />
      ) : isError && !data ? (
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">{PRODUCT_MESSAGES.productsLoadError}</p>
          <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : products.length === 0 ? (
        !mode.open && (
          <div className="card-empty panel">
            <span className="card-empty__icon" aria-hidden="true">
              <Icon path="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Zm0 0 8 4.5m0 0 8-4.5M12 12v9" />
            </span>
            <h2 className="card-empty__title">{PRODUCT_MESSAGES.productsEmpty}</h2>
            <p className="card-empty__text">{PRODUCT_MESSAGES.productsEmptyText}</p>
            <button type="button" className="btn btn--primary" onClick={() => openForm(null)}>
              {PRODUCT_MESSAGES.productsEmptyAction}
            </button>
          </div>
        )
      ) : (
        <section className="panel products-page__list" aria-labelledby="products-list-title">
          <div className="products-page__list-head">
            <h2 id="products-list-title">
              {listTitle} ({products.length})
            </h2>
            <p id="product-list-hint" className="products-page__hint">
              {reorder.isLoading
                ? PRODUCT_MESSAGES.productOrderSaving
                : 'Sıralamayı değiştirmek için satırları sürükleyin ya da ok butonlarını kullanın.'}
            </p>
          </div>
          <ProductList
            products={products}
            label={listTitle}
            ordering={reorder.isLoading}
            featuring={featuring}
            onMove={(from, to) => void move(from, to)}
            onFeature={(product) => void feature(product)}
            onEdit={(product) => openForm(product)}
            onDelete={setDeleting}
          />
        </section>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      <ConfirmDialog
        open={deleting !== null}
        title={PRODUCT_MESSAGES.productDeleteTitle}
        tone="danger"
        confirmLabel={PRODUCT_MESSAGES.productDeleteConfirm}
        busyLabel={PRODUCT_MESSAGES.productDeleting}
        busy={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        description={
          deleting && (
            <div className="product-delete">
              {deletingImage ? (
                <img className="product-delete__image" src={deletingImage} alt="" width={72} height={72} />
              ) : (
                <span className="product-delete__image product-row__image--none" aria-hidden="true">
                  {PRODUCT_MESSAGES.productNoImage}
                </span>
              )}
              <div>
                <p className="product-delete__name">{deleting.name}</p>
                <p>{PRODUCT_MESSAGES.productDeleteWarning}</p>
              </div>
            </div>
          )
        }
      />
    </div>
  );
}
