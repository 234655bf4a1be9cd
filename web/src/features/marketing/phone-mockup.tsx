import { formatMoney } from '../../shared/format.ts';
import { SAMPLE_PROFILE } from './sample-profile.ts';
import './phone-mockup.css';

const ACTIONS = ['Ara', 'E-posta', 'Web', 'Konum'] as const;

/** What a visitor's phone shows after tapping the sample card: a picture, not a working page. */
export function PhoneMockup() {
  const { firstName, lastName, initials, jobTitle, company, city, listings } = SAMPLE_PROFILE;
  return (
    <figure className="phone" aria-label="Telefonda açılan örnek kartvizit sayfası">
      <div className="phone__frame">
        <span className="phone__notch" aria-hidden="true" />
        <div className="phone__screen" aria-hidden="true">
          <div className="phone__cover" />
          <div className="phone__avatar">{initials}</div>
          <p className="phone__name">
            {firstName} {lastName}
          </p>
          <p className="phone__role">{jobTitle}</p>
          <p className="phone__role">{company}</p>
          <p className="phone__city">{city}</p>
          <div className="phone__actions">
            {ACTIONS.map((action) => (
              <span key={action} className="phone__action">
                <span className="phone__action-dot" />
                {action}
              </span>
            ))}
          </div>
          <p className="phone__section">Ürün Kataloğu</p>
          <ul className="phone__products">
            {listings.map((listing) => (
              <li key={listing.title}>
                <span className="phone__thumb" />
                <span className="phone__product-text">
                  <span>{listing.title}</span>
                  <strong>
                    {formatMoney(listing.price)}
                    {listing.per ? ` / ${listing.per}` : ''}
                  </strong>
                </span>
              </li>
            ))}
          </ul>
          <div className="phone__bar">
            <span>Paylaş</span>
            <span className="phone__bar-qr">QR</span>
            <span>Rehbere Ekle</span>
          </div>
        </div>
      </div>
      <figcaption className="visually-hidden">
        Kartı okutan kişi {firstName} {lastName} adlı örnek profilin iletişim düğmelerini ve ürün kataloğunu görür.
      </figcaption>
    </figure>
  );
}
