import { useEffect, useRef, useState, type DragEvent } from 'react';
import { LISTING_MESSAGES } from '@kartvizit/schemas/product/listing-messages';
import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import { Icon } from '../../shared/ui/icons.tsx';
import type { Product } from './api.ts';
import { authorisationEnded, ListingBadge, listedPrice, listingLine } from './listing-row.tsx';
import { useGetProductStatisticsQuery } from '../telemetry/api.ts';
import { formatNumber } from '../../shared/format.ts';

export const STAR_PATH =
  'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z';
const GRIP_PATH = 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01';
const UP_PATH = 'M12 19V5m0 0-6 6m6-6 6 6';
const DOWN_PATH = 'M12 5v14m0 0-6-6m6 6 6-6';
const EDIT_PATH = 'M4 20h4L18.5 9.5a2.1 2.1 0 0 0-3-3L5 17v3ZM13.5 8.5l3 3';
const TRASH_PATH = 'M5 7h14M10 11v6m4-6v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3';

interface ProductListProps {
  readonly products: readonly Product[];
  /** The list's name: 'Ürünleriniz', or 'Portföy ve Ürünler' once it holds a listing. */
  readonly label: string;
  /** A reorder is being saved: dragging and moving wait (SPEC §4). */
  readonly ordering: boolean;
  /** The product whose star is being saved. */
  readonly featuring: string | null;
  readonly onMove: (from: number, to: number) => void;
  readonly onFeature: (product: Product) => void;
  readonly onEdit: (product: Product) => void;
  readonly onDelete: (product: Product) => void;
}

/**
 * The owner's products in their order. Reordered by dragging a row (native drag and drop) or,
 * without a pointer, by each row's move buttons; the page announces the new place.
 */
export function ProductList({ products, label, ordering, featuring, onMove, onFeature, onEdit, onDelete }: ProductListProps) {
  // A listing's row says how it does (issue 33): views, WhatsApp taps, calls and REMS registrations, all cards.
  const { data: statistics } = useGetProductStatisticsQuery(null, { skip: !products.some((product) => product.kind === 'listing') });
  const figuresOf = new Map((statistics?.products ?? []).map((figures) => [figures.productId, figures]));
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // React moves a row by taking it out of the document and putting it back, which drops the focus:
  // the move button that was pressed gets it back once the list shows the new order.
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    const key = refocus.current;
    if (key === null) return;
    const button = listRef.current?.querySelector(`[data-move="${CSS.escape(key)}"]`);
    refocus.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (button instanceof HTMLElement && lost) button.focus();
  }, [products]);

  function moveBy(index: number, step: -1 | 1) {
    const product = products[index];
    if (!product) return;
    refocus.current = `${product._id}:${step}`;
    onMove(index, index + step);
  }

  function indexOf(id: string | null): number {
    return id === null ? -1 : products.findIndex((product) => product._id === id);
  }

  function drop(event: DragEvent, targetId: string) {
    event.preventDefault();
    const from = indexOf(dragged ?? event.dataTransfer.getData('text/plain'));
    const to = indexOf(targetId);
    setDragged(null);
    setOver(null);
    if (ordering || from < 0 || to < 0 || from === to) return;
    onMove(from, to);
  }

  return (
    <ol ref={listRef} className="product-list" aria-label={label} aria-describedby="product-list-hint" aria-busy={ordering}>
      {products.map((product, index) => {
        const price = listedPrice(product);
        const line = listingLine(product);
        const ended = authorisationEnded(product);
        const thumbnail = product.thumbnails[0] ?? product.images[0];
        const classes = ['product-row'];
        if (!product.isActive) classes.push('product-row--inactive');
        if (dragged === product._id) classes.push('product-row--dragging');
        if (over === product._id && dragged !== product._id) classes.push('product-row--target');
        const first = index === 0;
        const last = index === products.length - 1;
        return (
          <li
            key={product._id}
            className={classes.join(' ')}
            draggable={!ordering}
            data-product-id={product._id}
            onDragStart={(event) => {
              refocus.current = null;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', product._id);
              setDragged(product._id);
            }}
            onDragOver={(event) => {
              if (ordering) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              if (over !== product._id) setOver(product._id);
            }}
            onDragLeave={() => {
              if (over === product._id) setOver(null);
            }}
            onDrop={(event) => drop(event, product._id)}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
          >
            <span className="product-row__grip" aria-hidden="true" title="Sürükleyerek taşıyın">
              <Icon path={GRIP_PATH} />
            </span>
            {thumbnail ? (
              <img className="product-row__image" src={thumbnail} alt="" width={64} height={64} loading="lazy" draggable={false} />
            ) : (
              <span className="product-row__image product-row__image--none" aria-hidden="true">
                {PRODUCT_MESSAGES.productNoImage}
              </span>
            )}
            <div className="product-row__main">
              <h3 className="product-row__name">{product.name}</h3>
              <p className="product-row__meta">
                {line && <span className="product-row__listing">{line}</span>}
                {product.category && <span>{product.category}</span>}
                {price && <span className="product-row__price">{price}</span>}
              </p>
              <p className="product-row__badges">
                <ListingBadge product={product} />
                {product.featured && (
                  <span className="product-badge product-badge--featured">
                    <Icon path={STAR_PATH} className="icon product-badge__star" />
                    {PRODUCT_MESSAGES.productFeaturedBadge}
                  </span>
                )}
                {!product.isActive && <span className="product-badge product-badge--inactive">{PRODUCT_MESSAGES.productInactiveBadge}</span>}
              </p>
              {product.kind === 'listing' && (
                <p className="product-row__figures">
                  {(() => {
                    const figures = figuresOf.get(product._id);
                    return [
                      `${formatNumber(figures?.views ?? 0)} görüntülenme`,
                      `${formatNumber(figures?.clicks.whatsapp ?? 0)} WhatsApp`,
                      `${formatNumber(figures?.clicks.call ?? 0)} arama`,
                      `${formatNumber(figures?.registrations ?? 0)} REMS kaydı`,
                    ].join(' · ');
                  })()}
                </p>
              )}
              {ended && <p className="listing-notice">{LISTING_MESSAGES.listingAuthorisationEnded}</p>}
            </div>
            <div className="product-row__actions">
              <button
                type="button"
                className="product-row__icon-button"
                aria-label={`${product.name}: yukarı taşı`}
                aria-disabled={ordering || first ? true : undefined}
                data-move={`${product._id}:-1`}
                onClick={() => {
                  if (!ordering && !first) moveBy(index, -1);
                }}
              >
                <Icon path={UP_PATH} />
              </button>
              <button
                type="button"
                className="product-row__icon-button"
                aria-label={`${product.name}: aşağı taşı`}
                aria-disabled={ordering || last ? true : undefined}
                data-move={`${product._id}:1`}
                onClick={() => {
                  if (!ordering && !last) moveBy(index, 1);
                }}
              >
                <Icon path={DOWN_PATH} />
              </button>
              <button
                type="button"
                className={`product-row__icon-button product-row__star${product.featured ? ' is-on' : ''}`}
                aria-label={`${product.name}: öne çıkar`}
                aria-pressed={product.featured}
                disabled={featuring === product._id}
                onClick={() => onFeature(product)}
              >
                <Icon path={STAR_PATH} />
              </button>
              <button type="button" className="product-row__icon-button" aria-label={`${product.name}: düzenle`} onClick={() => onEdit(product)}>
                <Icon path={EDIT_PATH} />
              </button>
              <button
                type="button"
                className="product-row__icon-button product-row__delete"
                aria-label={`${product.name}: sil`}
                onClick={() => onDelete(product)}
              >
                <Icon path={TRASH_PATH} />
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
