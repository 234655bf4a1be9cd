import { GEOCODING_MESSAGES } from '@kartvizit/schemas/geocoding/messages';
import { geocodeAddressProblem } from '@kartvizit/schemas/geocoding/rules';
import { Spinner } from '../../shared/ui/spinner.tsx';
import type { Bindings } from './bindings.ts';
import { TextField } from './fields.tsx';
import type { GeocodeCandidate, GeocodeState, LocationSource } from './form-state.ts';
import type { AddressValues, Coordinates } from './profile-form.ts';
import { Section } from './section.tsx';
import { LockedField, useProfileLock } from './office-lock.tsx';

const SOURCE_TEXT: Readonly<Record<LocationSource, string>> = {
  saved: 'Kayıtlı konum',
  address: 'Adresten bulunan konum',
  candidate: 'Seçtiğiniz adres',
  map: 'Haritadan seçtiğiniz konum',
  device: 'Cihazınızın konumu',
};

export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}

interface LocationPanelProps {
  readonly address: AddressValues;
  readonly location: Coordinates | null;
  readonly source: LocationSource | null;
  readonly geocode: GeocodeState;
  readonly locating: boolean;
  readonly onOpenMap: () => void;
  readonly onUseDevice: () => void;
  readonly onPickCandidate: (candidate: GeocodeCandidate) => void;
  readonly onClear: () => void;
}

function LocationPanel(props: LocationPanelProps) {
  const { address, location, source, geocode, locating, onOpenMap, onUseDevice, onPickCandidate, onClear } = props;
  const typedSomething = [address.street, address.city, address.state].some((part) => part.trim() !== '');
  const cityProblem = typedSomething ? geocodeAddressProblem(address) : null;
  return (
    <div className="pf-location" role="group" aria-labelledby="profil-konum-title">
      <div className="pf-location__head">
        <div>
          <h3 id="profil-konum-title">Haritadaki konum</h3>
          <p className="pf-location__lead">
            Adresinizi yazdıkça konumu otomatik buluruz; isterseniz haritadan kendiniz seçin.
          </p>
        </div>
        <button type="button" className="btn btn--secondary" onClick={onOpenMap}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="pf-icon">
            <path
              d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          Haritada Göster
        </button>
      </div>

      <div className="pf-location__status" aria-live="polite">
        {geocode.status === 'loading' && (
          <p className="pf-location__line">
            <Spinner label="Adres aranıyor" /> Adresin konumu aranıyor...
          </p>
        )}
        {geocode.status === 'idle' && cityProblem && (
          <p className="pf-location__line pf-location__line--muted">{cityProblem}</p>
        )}
        {geocode.status === 'success' && source === 'address' && geocode.formattedAddress && (
          <p className="pf-location__line pf-location__line--ok">Bulunan adres: {geocode.formattedAddress}</p>
        )}
        {geocode.status === 'uncertain' && (
          <div className="pf-location__choices">
            <p className="pf-location__line">Adres birden fazla yere uyuyor. Doğru olanı seçin:</p>
            <ul>
              {geocode.candidates.map((candidate) => (
                <li key={`${candidate.coordinates.lat},${candidate.coordinates.lng},${candidate.label}`}>
                  <button type="button" className="pf-candidate" onClick={() => onPickCandidate(candidate)}>
                    {candidate.label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {geocode.status === 'failed' && (
          <div className="pf-location__failed" role="alert">
            <p className="pf-location__line">{geocode.message ?? GEOCODING_MESSAGES.geocodeNotFound}</p>
            {geocode.hints.length > 0 && (
              <ul className="pf-location__hints">
                {geocode.hints.map((hint) => (
                  <li key={hint}>{hint}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      {(geocode.status === 'failed' || geocode.status === 'uncertain') && (
        <div className="pf-location__actions">
          <button type="button" className="btn btn--secondary" onClick={onUseDevice} disabled={locating}>
            {locating ? 'Konum alınıyor...' : 'Mevcut Konumumu Kullan'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onOpenMap}>
            Haritadan Seç
          </button>
        </div>
      )}

      {location ? (
        <div className="pf-coordinates">
          <p>
            <span className="pf-coordinates__label">{source ? SOURCE_TEXT[source] : 'Konum'}:</span>{' '}
            <span className="pf-coordinates__value" data-testid="profile-coordinates">
              {formatCoordinate(location.lat)}, {formatCoordinate(location.lng)}
            </span>
          </p>
          <button type="button" className="pf-link-button" onClick={onClear}>
            Konumu kaldır
          </button>
        </div>
      ) : (
        <p className="pf-coordinates pf-coordinates--none">
          Henüz konum seçilmedi. Kartınızdaki harita adresinize göre tahmini gösterilir.
        </p>
      )}
    </div>
  );
}

interface ContactSectionProps extends Omit<LocationPanelProps, 'address'> {
  readonly bind: Bindings;
  readonly address: AddressValues;
}

export function ContactSection({ bind, ...location }: ContactSectionProps) {
  const addressLock = useProfileLock('address');
  return (
    <Section
      id="profil-iletisim"
      description="Ziyaretçilerinizin sizi arayabileceği, yazabileceği ve bulabileceği bilgiler."
    >
      <div className="pf-grid">
        <TextField
          label="Telefon"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+90 5xx xxx xx xx"
          {...bind.scalar('phone')}
        />
        <TextField
          label="E-posta"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...bind.scalar('email')}
        />
        <TextField
          label="Web sitesi"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://"
          wide
          {...bind.scalar('website')}
        />
      </div>
      <h3 className="pf-subhead">Adres</h3>
      {addressLock ? (
        <div className="pf-grid">
          <LockedField lock={addressLock} />
        </div>
      ) : (
        <>
          <div className="pf-grid">
            <TextField
              label="Açık adres"
              autoComplete="street-address"
              placeholder="Mahalle, cadde, sokak, bina no"
              wide
              {...bind.address('street')}
            />
            <TextField label="Şehir" autoComplete="address-level1" {...bind.address('city')} />
            <TextField label="İlçe" autoComplete="address-level2" {...bind.address('state')} />
            <TextField label="Posta kodu" inputMode="numeric" autoComplete="postal-code" {...bind.address('zipCode')} />
            <TextField label="Ülke" autoComplete="country-name" {...bind.address('country')} />
          </div>
          <LocationPanel {...location} />
        </>
      )}
    </Section>
  );
}
