import { formatMoney } from '../../shared/format.ts';
import { SAMPLE_CARD_QR, SAMPLE_PROFILE } from './sample-profile.ts';
import './sample-card.css';

function NfcIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 8.5a5 5 0 0 1 0 7M9.5 6a9 9 0 0 1 0 12M13 3.5a13 13 0 0 1 0 17"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The animated, tilting sample card of the landing and demo pages (CSS 3D, motion-aware). */
export function SampleCard() {
  const { firstName, lastName, jobTitle, company, listings } = SAMPLE_PROFILE;
  return (
    <figure className="sample-card" aria-label="Örnek dijital kartvizit">
      <div className="sample-card__stage">
        <div className="sample-card__card">
          <div className="sample-card__face">
            <div className="sample-card__top">
              <span className="sample-card__company">{company}</span>
              <span className="sample-card__badge">
                <NfcIcon />
                NFC / QR
              </span>
            </div>
            <div className="sample-card__identity">
              <p className="sample-card__name">
                {firstName} {lastName}
              </p>
              <p className="sample-card__role">{jobTitle}</p>
            </div>
            <div className="sample-card__bottom">
              <div className="sample-card__listings">
                <p className="sample-card__listings-title">Öne çıkan ilanlar</p>
                <ul>
                  {listings.slice(0, 2).map((listing) => (
                    <li key={listing.title}>
                      <span>{listing.title}</span>
                      <strong>
                        {formatMoney(listing.price)}
                        {listing.per ? ` / ${listing.per}` : ''}
                      </strong>
                    </li>
                  ))}
                </ul>
              </div>
              <div className="sample-card__qr">
                <img src={SAMPLE_CARD_QR} width={96} height={96} alt="Örnek kartın QR kodu" decoding="async" />
              </div>
            </div>
            <span className="sample-card__sheen" aria-hidden="true" />
          </div>
        </div>
        <span className="sample-card__shadow" aria-hidden="true" />
      </div>
      <figcaption className="visually-hidden">
        {firstName} {lastName}, {jobTitle}. Kart NFC ile dokundurularak ya da QR kod okutularak paylaşılır.
      </figcaption>
    </figure>
  );
}
