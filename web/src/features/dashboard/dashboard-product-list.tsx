import { Link } from 'react-router-dom';
import { DASHBOARD_PRODUCT_COUNT } from '@kartvizit/schemas/constants';
import { LISTING_MESSAGES } from '@kartvizit/schemas/product/listing-messages';
import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import { useGetProductsQuery, type Product } from '../product/api.ts';
import { authorisationEnded, catalogueTitle, ListingBadge, listedPrice, listingLine } from '../product/listing-row.tsx';
import '../../shared/ui/states.css';
import './dashboard-product-list.css';

const BOX_PATH = 'M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Zm0 0 8 4.5m0 0 8-4.5M12 12v9';

/**
 * The dashboard's catalogue panel (SPEC "Dashboard"): the first three products in the owner's order,
 * with image, name, price and category. A load failure shows the empty state, as the dashboard
 * does for all its data.
 */
export function DashboardProductList() {
  const { data, isLoading } = useGetProductsQuery();
  const products = data?.data.slice(0, DASHBOARD_PRODUCT_COUNT) ?? [];
  const title = catalogueTitle(data?.data ?? [], 'Ürün Kataloğu');

  return (
    <section className="panel dashboard__panel" aria-labelledby="dashboard-products-title" aria-busy={isLoading}>
      <div className="dashboard__panel-head">
        <h2 id="dashboard-products-title">{title}</h2>
        <Link to="/products">Tümünü gör</Link>
      </div>
      {isLoading ? (
        <ul className="dashboard-products" aria-hidden="true">
          {[0, 1].map((index) => (
            <li key={index} className="dashboard-products__item dashboard-products__item--placeholder" />
          ))}
        </ul>
      ) : products.length === 0 ? (
        <div className="empty-state">
          <svg className="empty-state__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={BOX_PATH} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p className="empty-state__title">{PRODUCT_MESSAGES.productDashboardEmpty}</p>
          <p className="empty-state__text">{PRODUCT_MESSAGES.productDashboardEmptyText}</p>
          <Link className="btn btn--secondary" to="/products">
            {PRODUCT_MESSAGES.productDashboardGo}
          </Link>
        </div>
      ) : (
        <ul className="dashboard-products" aria-label="İlk ürünleriniz">
          {products.map((product) => (
            <DashboardProductRow key={product._id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DashboardProductRow({ product }: { readonly product: Product }) {
  const image = product.thumbnails[0] ?? product.images[0];
  const price = listedPrice(product);
  const line = listingLine(product);
  return (
    <li className={product.isActive ? 'dashboard-products__item' : 'dashboard-products__item dashboard-products__item--inactive'}>
      {image ? (
        <img className="dashboard-products__image" src={image} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className="dashboard-products__image dashboard-products__image--none" aria-hidden="true">
          {PRODUCT_MESSAGES.productNoImage}
        </span>
      )}
      <span className="dashboard-products__text">
        <span className="dashboard-products__name">{product.name}</span>
        <span className="dashboard-products__meta">
          <span>
            {line ?? (product.category || 'Kategorisiz')}
            {!product.isActive && ` · ${PRODUCT_MESSAGES.productInactiveBadge}`}
          </span>
          {price ? <span className="dashboard-products__price">{price}</span> : <span>Fiyat yok</span>}
        </span>
        {product.kind === 'listing' && (
          <span className="dashboard-products__badges">
            <ListingBadge product={product} />
          </span>
        )}
        {authorisationEnded(product) && (
          <span className="listing-notice">{LISTING_MESSAGES.listingAuthorisationEnded}</span>
        )}
      </span>
    </li>
  );
}
