import { useId, type ReactNode } from 'react';
import {
  HEATING_LABELS,
  HEATING_TYPES,
  LISTING_PURPOSE_LABELS,
  LISTING_PURPOSES,
  PARKING_LABELS,
  PARKING_TYPES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  ROOM_CHOICES,
  TITLE_DEED_LABELS,
  TITLE_DEED_TYPES,
  type ListingPurpose,
} from '@kartvizit/schemas/product/listing';
import { LISTING_MESSAGES } from '@kartvizit/schemas/product/listing-messages';
import { formatCoordinate } from '../profile/location-picker/coordinates.ts';
import {
  depositShown,
  districtsOf,
  floorChoices,
  isLand,
  PROVINCES,
  shownWhole,
  type ListingFormValues,
  type YesNo,
} from './listing-form.ts';
import { productFieldId } from './product-form.ts';
import { Field } from './product-field.tsx';

/** The listing form's own words (issue 33); the rules' refusals are LISTING_MESSAGES. */
export const LISTING_TEXT = {
  kind: 'Tür',
  product: 'Ürün',
  listing: 'İlan',
  info: 'İlan Bilgileri',
  features: 'Özellikler',
  place: 'Konum',
  eids: 'EİDS Yetkisi',
  eidsHint:
    "e-Devlet'in Elektronik İlan Doğrulama Sistemi'nden aldığınız yetki numarası ve bitiş tarihi. Yetki bitmeden 7 gün ve 1 gün önce e-posta ile hatırlatırız; bittiğinde ilan kartınızdan kalkar.",
  askPrice: 'Fiyat sorunuz (fiyat kartta gösterilmez)',
  choose: 'Seçin',
  unsaid: 'Belirtilmemiş',
  yes: 'Evet',
  no: 'Hayır',
  mapPin: 'Haritada İşaretle',
  mapPinChange: 'Konumu Değiştir',
  mapPinRemove: 'Konumu kaldır',
  mapPinNone: 'Harita konumu eklenmedi; ilan il, ilçe ve mahalleyle gösterilir.',
  mapPinSet: 'Haritadaki konum',
} as const;

/** What the price is, by the listing's purpose. */
const PRICE_HINTS: { readonly [P in ListingPurpose]: string } = {
  sale: 'Satış fiyatı, ör. 8.750.000',
  rent: 'Aylık kira bedeli, ör. 25.000',
  dailyRent: 'Gecelik fiyat, ör. 3.500',
};

type ListingKey = keyof ListingFormValues;
/** Inputs typed freely. */
type TextKey = { [K in ListingKey]: string extends ListingFormValues[K] ? K : never }[ListingKey];
/** Inputs chosen from a list ('' for none). */
type ChoiceKey = { [K in ListingKey]: ListingFormValues[K] extends string ? K : never }[ListingKey];

/** The form field (as the rules name it) each listing input answers for. */
export function listingFieldOf(key: ListingKey): string {
  if (key === 'eidsNumber') return 'listing.eids.number';
  if (key === 'eidsValidUntil') return 'listing.eids.validUntil';
  return `listing.${key}`;
}

interface ChoiceGroupProps<T extends string> {
  readonly field: string;
  readonly legend: string;
  readonly value: T;
  readonly choices: readonly T[];
  readonly labelOf: (choice: T) => string;
  readonly onChange: (value: T) => void;
  readonly error?: string | undefined;
  readonly wide?: boolean;
}

/** Radios under one legend (a radio group to assistive technology); the first radio takes the field's id. */
export function ChoiceGroup<T extends string>({
  field,
  legend,
  value,
  choices,
  labelOf,
  onChange,
  error,
  wide,
}: ChoiceGroupProps<T>) {
  const id = productFieldId(field);
  const errorId = error ? `${id}-error` : undefined;
  const name = useId();
  return (
    <fieldset
      className={wide ? 'product-choices product-form__wide' : 'product-choices'}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-field__label">{legend}</legend>
      <div className="product-choices__options">
        {choices.map((choice, index) => (
          <label key={choice} className="product-choice">
            <input
              type="radio"
              id={index === 0 ? id : undefined}
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>{labelOf(choice)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="product-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface ListingFieldsProps {
  readonly values: ListingFormValues;
  readonly onChange: <K extends ListingKey>(key: K, value: ListingFormValues[K]) => void;
  readonly errorOf: (field: string) => string | undefined;
  /** The product's price inputs (value and currency), shown in 'İlan Bilgileri'. */
  readonly price: ReactNode;
  readonly askPrice: boolean;
  readonly onAskPrice: (ask: boolean) => void;
  readonly onOpenMap: () => void;
  /** The stored listing's authorisation has ended: the EİDS section says so. */
  readonly authorisationEnded: boolean;
}

function SelectOptions({
  choices,
  blank,
}: {
  readonly choices: ReadonlyArray<readonly [string, string]>;
  readonly blank: string;
}) {
  return (
    <>
      <option value="">{blank}</option>
      {choices.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

const YES_NO: ReadonlyArray<readonly [YesNo, string]> = [
  ['true', LISTING_TEXT.yes],
  ['false', LISTING_TEXT.no],
];

/** The listing's sections, in the order a buyer reads a listing: what and how much, the facts, where, the authority. */
export function ListingFields({
  values,
  onChange,
  errorOf,
  price,
  askPrice,
  onAskPrice,
  onOpenMap,
  authorisationEnded,
}: ListingFieldsProps) {
  const land = isLand(values);
  const floors = floorChoices(values.floor);
  const rooms: readonly string[] =
    values.rooms !== '' && !(ROOM_CHOICES as readonly string[]).includes(values.rooms)
      ? [...ROOM_CHOICES, values.rooms]
      : ROOM_CHOICES;
  const districts = districtsOf(values.il);

  const text = (
    key: TextKey,
    label: string,
    options: { readonly hint?: string; readonly whole?: boolean; readonly placeholder?: string } = {},
  ) => {
    const field = listingFieldOf(key);
    const value = values[key];
    return (
      <Field field={field} label={label} error={errorOf(field)} hint={options.hint}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode={options.whole ? 'numeric' : undefined}
            autoComplete="off"
            placeholder={options.placeholder}
            value={value}
            onChange={(e) => onChange(key, e.target.value)}
            onBlur={options.whole ? () => onChange(key, shownWhole(value)) : undefined}
          />
        )}
      </Field>
    );
  };

  const select = (
    key: ChoiceKey,
    label: string,
    choices: ReadonlyArray<readonly [string, string]>,
    blank: string = LISTING_TEXT.unsaid,
    required = false,
  ) => {
    const field = listingFieldOf(key);
    return (
      <Field field={field} label={label} error={errorOf(field)} required={required}>
        {(control) => (
          <select {...control} value={values[key]} onChange={(e) => onChange(key, e.target.value)}>
            <SelectOptions choices={choices} blank={blank} />
          </select>
        )}
      </Field>
    );
  };

  const yesNo = (key: ChoiceKey, label: string) => select(key, label, YES_NO);

  return (
    <>
      <fieldset className="product-form__wide product-form__group product-section">
        <legend className="form-field__label product-section__title">{LISTING_TEXT.info}</legend>
        <ChoiceGroup
          field="listing.purpose"
          legend="İlan türü"
          value={values.purpose}
          choices={LISTING_PURPOSES}
          labelOf={(purpose) => LISTING_PURPOSE_LABELS[purpose]}
          onChange={(purpose) => onChange('purpose', purpose)}
          error={errorOf('listing.purpose')}
        />
        <div className="product-form__row">
          {select(
            'propertyType',
            'Emlak tipi',
            PROPERTY_TYPES.map((type) => [type, PROPERTY_TYPE_LABELS[type]] as const),
            LISTING_TEXT.choose,
            true,
          )}
        </div>
        <div className="product-form__row">{price}</div>
        <p className="product-field__hint">{PRICE_HINTS[values.purpose]}</p>
        <label className="product-check">
          <input type="checkbox" checked={askPrice} onChange={(e) => onAskPrice(e.target.checked)} />
          <span>{LISTING_TEXT.askPrice}</span>
        </label>
      </fieldset>

      <fieldset className="product-form__wide product-form__group product-section">
        <legend className="form-field__label product-section__title">{LISTING_TEXT.features}</legend>
        <div className="product-form__row">
          {!land &&
            select(
              'rooms',
              'Oda sayısı',
              rooms.map((choice) => [choice, choice] as const),
            )}
          {text('grossM2', 'Brüt m²', { whole: true, placeholder: 'ör. 1.250' })}
          {text('netM2', 'Net m²', { whole: true })}
          {!land && (
            <Field field="listing.floor" label="Bulunduğu kat" error={errorOf('listing.floor')}>
              {(control) => (
                <select {...control} value={values.floor} onChange={(e) => onChange('floor', e.target.value)}>
                  <option value="">{LISTING_TEXT.unsaid}</option>
                  <optgroup label="Adıyla">
                    {floors.named.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Numarasıyla">
                    {floors.numbered.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </optgroup>
                </select>
              )}
            </Field>
          )}
          {!land && text('buildingFloors', 'Binadaki kat sayısı', { whole: true })}
          {!land && text('buildingAge', 'Bina yaşı', { whole: true, hint: 'Yeni bina için 0' })}
          {!land &&
            select(
              'heating',
              'Isıtma',
              HEATING_TYPES.map((type) => [type, HEATING_LABELS[type]] as const),
            )}
          {!land && text('bathrooms', 'Banyo sayısı', { whole: true })}
          {yesNo('furnished', 'Eşyalı')}
          {yesNo('balcony', 'Balkon')}
          {yesNo('lift', 'Asansör')}
          {select(
            'parking',
            'Otopark',
            PARKING_TYPES.map((type) => [type, PARKING_LABELS[type]] as const),
          )}
          {yesNo('inSite', 'Site içerisinde')}
          {select(
            'titleDeed',
            'Tapu durumu',
            TITLE_DEED_TYPES.map((type) => [type, TITLE_DEED_LABELS[type]] as const),
          )}
          {yesNo('creditEligible', 'Krediye uygun')}
          {yesNo('swap', 'Takas')}
          <Field field="listing.dues" label="Aidat (TL / ay)" error={errorOf('listing.dues')}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="ör. 1.500"
                value={values.dues}
                onChange={(e) => onChange('dues', e.target.value)}
              />
            )}
          </Field>
          {depositShown(values) && (
            <Field
              field="listing.deposit"
              label="Depozito"
              error={errorOf('listing.deposit')}
              hint="Fiyatın para biriminde"
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="ör. 45.000"
                  value={values.deposit}
                  onChange={(e) => onChange('deposit', e.target.value)}
                />
              )}
            </Field>
          )}
        </div>
        {land && (
          <p className="product-field__hint">
            Arsa ve tarla ilanlarında oda, kat, bina yaşı, ısıtma ve banyo sorulmaz.
          </p>
        )}
      </fieldset>

      <fieldset className="product-form__wide product-form__group product-section">
        <legend className="form-field__label product-section__title">{LISTING_TEXT.place}</legend>
        <div className="product-form__row">
          <Field field="listing.il" label="İl" error={errorOf('listing.il')} required>
            {(control) => (
              <select
                {...control}
                value={values.il}
                onChange={(e) => {
                  onChange('il', e.target.value);
                  onChange('ilce', '');
                }}
              >
                <option value="">{LISTING_TEXT.choose}</option>
                {PROVINCES.map((province) => (
                  <option key={province.id} value={province.id}>
                    {province.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            field="listing.ilce"
            label="İlçe"
            error={errorOf('listing.ilce')}
            required
            hint={values.il === '' ? 'Önce ili seçin' : undefined}
          >
            {(control) => (
              <select
                {...control}
                value={values.ilce}
                disabled={values.il === ''}
                onChange={(e) => onChange('ilce', e.target.value)}
              >
                <option value="">{LISTING_TEXT.choose}</option>
                {values.ilce !== '' && !districts.includes(values.ilce) && (
                  <option value={values.ilce}>{values.ilce}</option>
                )}
                {districts.map((district) => (
                  <option key={district} value={district}>
                    {district}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('mahalle', 'Mahalle', { placeholder: 'ör. Caferağa Mah.' })}
        </div>
        <div className="product-pin">
          <p className="product-field__hint" id="product-listing-location-state">
            {values.location ? (
              <>
                {LISTING_TEXT.mapPinSet}: {formatCoordinate(values.location.lat)},{' '}
                {formatCoordinate(values.location.lng)}
              </>
            ) : (
              LISTING_TEXT.mapPinNone
            )}
          </p>
          <div className="product-pin__actions">
            <button
              type="button"
              id={productFieldId('listing.location')}
              className="btn btn--secondary"
              aria-describedby={
                errorOf('listing.location') ? 'product-listing-location-error' : 'product-listing-location-state'
              }
              onClick={onOpenMap}
            >
              {values.location ? LISTING_TEXT.mapPinChange : LISTING_TEXT.mapPin}
            </button>
            {values.location && (
              <button type="button" className="btn btn--ghost" onClick={() => onChange('location', null)}>
                {LISTING_TEXT.mapPinRemove}
              </button>
            )}
          </div>
          {errorOf('listing.location') && (
            <p id="product-listing-location-error" className="product-field__error" role="alert">
              {errorOf('listing.location')}
            </p>
          )}
        </div>
      </fieldset>

      <fieldset
        className="product-form__wide product-form__group product-section"
        aria-describedby="product-listing-eids-hint"
      >
        <legend className="form-field__label product-section__title">{LISTING_TEXT.eids}</legend>
        <p id="product-listing-eids-hint" className="product-field__hint">
          {LISTING_TEXT.eidsHint}
        </p>
        {authorisationEnded && (
          <p className="product-notice product-notice--warning">{LISTING_MESSAGES.listingAuthorisationEnded}</p>
        )}
        <div className="product-form__row">
          <Field field="listing.eids.number" label="Yetki numarası" error={errorOf('listing.eids.number')} required>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={values.eidsNumber}
                onChange={(e) => onChange('eidsNumber', e.target.value)}
              />
            )}
          </Field>
          <Field
            field="listing.eids.validUntil"
            label="Yetki bitiş tarihi"
            error={errorOf('listing.eids.validUntil')}
            required
          >
            {(control) => (
              <input
                {...control}
                type="date"
                value={values.eidsValidUntil}
                onChange={(e) => onChange('eidsValidUntil', e.target.value)}
              />
            )}
          </Field>
        </div>
      </fieldset>
    </>
  );
}
