import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { languagesOf, OWNER_LANGUAGES, type OwnerLanguage } from '@kartvizit/schemas/language/model';
import { CATALOGUE_ITEM_KINDS } from '@kartvizit/schemas/product/listing';
import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import {
  PRODUCT_ACTION_TYPES,
  PRODUCT_CURRENCIES,
  type ProductActionType,
  type ProductCurrency,
} from '@kartvizit/schemas/product/model';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { useGetProfileQuery } from '../profile/api.ts';
import { LocationPickerModal } from '../profile/location-picker/index.ts';
import { useCreateProductMutation, useUpdateProductMutation, type Product } from './api.ts';
import {
  ACTION_TYPE_LABELS,
  ACTION_VALUE_LABELS,
  actionFieldsShown,
  CATEGORY_SUGGESTIONS,
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  formProblem,
  inputFieldOf,
  productFieldId,
  requestBody,
  shownMoney,
  shownPhone,
  withActionType,
  type FieldProblem,
  type ProductFormState,
  type ProductTranslatedText,
} from './product-form.ts';
import { provinceNameOf, type ListingFormValues } from './listing-form.ts';
import { ChoiceGroup, LISTING_TEXT, ListingFields, listingFieldOf } from './listing-fields.tsx';
import { Field } from './product-field.tsx';
import { ProductImagesField } from './product-images-field.tsx';
import { ProductLanguagesField, translationPath } from './product-languages-field.tsx';
import '../../shared/ui/form-field.css';

const SAVE_FALLBACKS = { failed: PRODUCT_MESSAGES.productSaveError, error: PRODUCT_MESSAGES.productSaveError };

/** What the form says of a listing ('İlan', issue 33) where it says 'ürün' of a product. */
const LISTING_FORM_TEXT = {
  newTitle: 'Yeni İlan',
  editTitle: 'İlanı Düzenle',
  save: 'İlanı Kaydet',
  created: 'İlan başarıyla eklendi!',
  updated: 'İlan başarıyla güncellendi!',
} as const;

interface ProductFormPanelProps {
  /** Null: a new product. */
  readonly product: Product | null;
  readonly ownerId: string;
  /** Saved or cancelled: the page closes and resets the form. */
  readonly onClose: () => void;
}

export function ProductFormPanel({ product, ownerId, onClose }: ProductFormPanelProps) {
  const [form, setForm] = useState<ProductFormState>(() => (product ? formFromProduct(product) : EMPTY_PRODUCT_FORM));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [uploading, setUploading] = useState(false);
  const [createProduct, creating] = useCreateProductMutation();
  const [updateProduct, updating] = useUpdateProductMutation();
  const saving = creating.isLoading || updating.isLoading;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editing = product !== null;
  const listing = form.kind === 'listing';
  // A listing has no button of its own: the card's listing page offers WhatsApp and a call.
  const shown = listing ? { label: false, value: false } : actionFieldsShown(form.actionType);
  const [mapOpen, setMapOpen] = useState(false);
  const profile = useGetProfileQuery();
  // The profile's languages, not all four: the card opens only in those (decision 62), so words in another would go
  // unseen there. Any language this product already has words in stays too, so nothing saved is hidden.
  const onCard = languagesOf(profile.data?.success ? profile.data.profile?.translations : undefined);
  const ownLanguages = languagesOf(product?.translations);
  const languages = OWNER_LANGUAGES.filter((language) => onCard.includes(language) || ownLanguages.includes(language));
  const [languagesOpen, setLanguagesOpen] = useState(false);
  /** A field inside the folded 'Diğer Diller' gets the focus once it is on the screen. */
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const field = pendingFocus.current;
    if (field === null) return;
    pendingFocus.current = null;
    focusField(field);
  });

  // The list's star may change the product while its form is open: the form follows, so saving does not undo it.
  const seenFeatured = useRef(product?.featured);
  useEffect(() => {
    if (!product || product.featured === seenFeatured.current) return;
    seenFeatured.current = product.featured;
    setForm((current) => ({ ...current, featured: product.featured }));
  }, [product]);

  // Edit mode scrolls to the top and opens the form (SPEC §4); the heading takes the focus.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  function set<K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    if (problem && inputFieldOf(problem.field) === fieldOfKey(key)) setProblem(null);
  }

  function setListing<K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]) {
    setForm((current) => ({ ...current, listing: { ...current.listing, [key]: value } }));
    if (problem && inputFieldOf(problem.field) === listingFieldOf(key)) setProblem(null);
  }

  function setTranslation(language: OwnerLanguage, field: ProductTranslatedText, value: string) {
    setForm((current) => ({
      ...current,
      translations: { ...current.translations, [language]: { ...current.translations[language], [field]: value } },
    }));
    if (problem && inputFieldOf(problem.field) === translationPath(language, field)) setProblem(null);
  }

  function showProblem(found: FieldProblem) {
    setProblem(found);
    if (found.field.startsWith('translations.') && !languagesOpen) {
      setLanguagesOpen(true);
      pendingFocus.current = found.field;
      return;
    }
    focusField(found.field);
  }

  async function save() {
    if (saving || uploading) return;
    const found = formProblem(form, ownerId);
    if (found) {
      showProblem(found);
      return;
    }
    setProblem(null);
    const body = requestBody(form);
    const result = product ? await updateProduct({ id: product._id, body }) : await createProduct(body);
    const outcome = commandOutcome(result, SAVE_FALLBACKS);
    if (!outcome.ok) {
      if (outcome.problem?.field) showProblem({ field: outcome.problem.field, message: outcome.problem.message });
      toastFailure(outcome);
      return;
    }
    if (listing) toast.success(product ? LISTING_FORM_TEXT.updated : LISTING_FORM_TEXT.created);
    else toast.success(product ? PRODUCT_MESSAGES.productUpdated : PRODUCT_MESSAGES.productCreated);
    onClose();
  }

  const errorOf = (field: string) => (problem && inputFieldOf(problem.field) === field ? problem.message : undefined);

  return (
    <section className="panel product-form" aria-labelledby="product-form-title">
      <h2 id="product-form-title" className="product-form__title" ref={headingRef} tabIndex={-1}>
        {listing
          ? editing
            ? LISTING_FORM_TEXT.editTitle
            : LISTING_FORM_TEXT.newTitle
          : editing
            ? PRODUCT_MESSAGES.productFormEditTitle
            : PRODUCT_MESSAGES.productFormNewTitle}
      </h2>
      <form
        noValidate
        className="product-form__grid"
        aria-busy={saving}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ChoiceGroup
          field="kind"
          legend={LISTING_TEXT.kind}
          value={form.kind}
          choices={CATALOGUE_ITEM_KINDS}
          labelOf={(kind) => (kind === 'listing' ? LISTING_TEXT.listing : LISTING_TEXT.product)}
          onChange={(kind) => set('kind', kind)}
          error={errorOf('kind')}
          wide
        />
        <Field field="name" label={listing ? 'İlan başlığı' : 'Ürün adı'} error={errorOf('name')} wide required>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              placeholder={listing ? 'ör. Moda’da deniz manzaralı 3+1 daire' : undefined}
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </Field>
        <Field
          field="category"
          label="Kategori"
          error={errorOf('category')}
          hint={listing ? 'İsteğe bağlı, örneğin Proje veya Yatırımlık' : 'Örneğin Daire, Villa veya kendi kategoriniz'}
          wide={listing}
        >
          {(control) => (
            <>
              <input
                {...control}
                type="text"
                list="product-category-suggestions"
                autoComplete="off"
                value={form.category}
                onChange={(e) => set('category', e.target.value)}
              />
              <datalist id="product-category-suggestions">
                {CATEGORY_SUGGESTIONS.map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        {!listing && (
          <Field field="stock" label="Stok adedi" error={errorOf('stock')} hint="Boş bırakılırsa stok gösterilmez">
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                value={form.stock}
                onChange={(e) => set('stock', e.target.value)}
              />
            )}
          </Field>
        )}

        {listing ? (
          <ListingFields
            values={form.listing}
            onChange={setListing}
            errorOf={errorOf}
            price={<PriceFields form={form} set={set} errorOf={errorOf} withCompareAt={false} />}
            askPrice={!form.isDisplayed}
            onAskPrice={(ask) => set('isDisplayed', !ask)}
            onOpenMap={() => setMapOpen(true)}
            authorisationEnded={product?.authorisationEnded === true}
          />
        ) : (
          <>
            <Description form={form} set={set} errorOf={errorOf} />
            <fieldset className="product-form__wide product-form__group">
              <legend className="form-field__label">Fiyatlandırma</legend>
              <div className="product-form__row">
                <PriceFields form={form} set={set} errorOf={errorOf} withCompareAt />
              </div>
              <Check
                label="Fiyatı kartta göster"
                checked={form.isDisplayed}
                onChange={(value) => set('isDisplayed', value)}
              />
            </fieldset>
          </>
        )}

        <ProductImagesField
          images={form.images}
          kind={form.kind}
          onImages={(images) => set('images', images)}
          error={errorOf('images')}
          onBusy={setUploading}
          disabled={saving}
        />

        {listing && <Description form={form} set={set} errorOf={errorOf} />}

        {!listing && (
          <>
            <Field
              field="externalLink"
              label="Harici bağlantı"
              error={errorOf('externalLink')}
              hint="Örneğin ilanın başka bir sitedeki adresi"
            >
              {(control) => (
                <input
                  {...control}
                  type="url"
                  placeholder="https://"
                  value={form.externalLink}
                  onChange={(e) => set('externalLink', e.target.value)}
                />
              )}
            </Field>
            <Field
              field="url"
              label="Satın alma bağlantısı"
              error={errorOf('url')}
              hint="Ürün sayfasındaki 'Satın Al' butonu buraya gider"
            >
              {(control) => (
                <input
                  {...control}
                  type="url"
                  placeholder="https://"
                  value={form.url}
                  onChange={(e) => set('url', e.target.value)}
                />
              )}
            </Field>

            <fieldset className="product-form__wide product-form__group">
              <legend className="form-field__label">Aksiyon butonu</legend>
              <div className="product-form__row">
                <Field field="actionButton.type" label="Buton türü" error={errorOf('actionButton.type')}>
                  {(control) => (
                    <select
                      {...control}
                      value={form.actionType}
                      onChange={(e) => {
                        setForm((current) => withActionType(current, e.target.value as ProductActionType));
                        setProblem(null);
                      }}
                    >
                      {PRODUCT_ACTION_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {ACTION_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                {shown.label && (
                  <Field field="actionButton.label" label="Buton metni" error={errorOf('actionButton.label')}>
                    {(control) => (
                      <input
                        {...control}
                        type="text"
                        value={form.actionLabel}
                        onChange={(e) => set('actionLabel', e.target.value)}
                      />
                    )}
                  </Field>
                )}
                {shown.value && (
                  <Field
                    field="actionButton.value"
                    label={ACTION_VALUE_LABELS[form.actionType]}
                    error={errorOf('actionButton.value')}
                    hint={valueHint(form.actionType)}
                  >
                    {(control) => (
                      <input
                        {...control}
                        type={form.actionType === 'link' ? 'url' : form.actionType === 'whatsapp' ? 'tel' : 'text'}
                        value={form.actionValue}
                        onChange={(e) => set('actionValue', e.target.value)}
                        onBlur={() => {
                          if (form.actionType === 'whatsapp') set('actionValue', shownPhone(form.actionValue));
                        }}
                      />
                    )}
                  </Field>
                )}
              </div>
            </fieldset>

            <Field
              field="tags"
              label="Etiketler"
              error={errorOf('tags')}
              hint="Virgülle ayırın, örneğin: deniz manzaralı, site içinde"
            >
              {(control) => (
                <input {...control} type="text" value={form.tags} onChange={(e) => set('tags', e.target.value)} />
              )}
            </Field>
          </>
        )}
        <Field
          field="features"
          label={listing ? 'Diğer özellikler' : 'Özellikler'}
          error={errorOf('features')}
          hint={listing ? 'Her satıra bir özellik yazın, örneğin: Deniz manzarası' : 'Her satıra bir özellik yazın'}
          wide={listing}
        >
          {(control) => (
            <textarea {...control} rows={3} value={form.features} onChange={(e) => set('features', e.target.value)} />
          )}
        </Field>

        <ProductLanguagesField
          languages={languages}
          form={form}
          withActionLabel={shown.label}
          open={languagesOpen}
          onOpen={setLanguagesOpen}
          onText={setTranslation}
          errorOf={errorOf}
        />

        <div className="product-form__wide product-form__checks">
          <Check
            label="Aktif (kartınızda gösterilir)"
            checked={form.isActive}
            onChange={(value) => set('isActive', value)}
          />
          <Check
            label={listing ? 'Öne çıkan ilan' : 'Öne çıkan ürün'}
            checked={form.featured}
            onChange={(value) => set('featured', value)}
          />
        </div>

        <div className="product-form__wide product-form__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={saving}>
            {PRODUCT_MESSAGES.productCancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving || uploading} aria-busy={saving}>
            {saving
              ? PRODUCT_MESSAGES.productSaving
              : editing
                ? PRODUCT_MESSAGES.productSaveChanges
                : listing
                  ? LISTING_FORM_TEXT.save
                  : PRODUCT_MESSAGES.productSave}
          </button>
        </div>
      </form>
      {listing && (
        <LocationPickerModal
          open={mapOpen}
          addressText={[form.listing.mahalle.trim(), form.listing.ilce, provinceNameOf(form.listing.il)]
            .filter((part) => part !== '')
            .join(', ')}
          initial={form.listing.location}
          onSelect={(location) => {
            setListing('location', location);
            setMapOpen(false);
          }}
          onClose={() => setMapOpen(false)}
        />
      )}
    </section>
  );
}

function focusField(field: string) {
  const element = document.getElementById(productFieldId(field));
  if (element instanceof HTMLElement) {
    element.focus();
    element.scrollIntoView({ block: 'center' });
  }
}

function valueHint(type: ProductActionType): string | undefined {
  if (type === 'whatsapp') return 'Telefon numarası, örneğin 0532\u00a0123\u00a045\u00a067';
  if (type === 'instagram') return '@ işareti olmadan, örneğin ozturkemlak';
  if (type === 'link') return 'https:// ile başlayan adres';
  return undefined;
}

const KEY_FIELDS: Partial<Record<keyof ProductFormState, string>> = {
  priceValue: 'price.value',
  compareAtValue: 'price.compareAtValue',
  currency: 'price.currency',
  actionLabel: 'actionButton.label',
  actionValue: 'actionButton.value',
};

function fieldOfKey(key: keyof ProductFormState): string {
  return KEY_FIELDS[key] ?? key;
}

function Check({
  label,
  checked,
  onChange,
}: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (value: boolean) => void;
}) {
  return (
    <label className="product-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

type Setter = <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) => void;
type ErrorOf = (field: string) => string | undefined;

function Description({
  form,
  set,
  errorOf,
}: {
  readonly form: ProductFormState;
  readonly set: Setter;
  readonly errorOf: ErrorOf;
}) {
  return (
    <Field field="description" label="Açıklama" error={errorOf('description')} wide>
      {(control) => (
        <textarea {...control} rows={4} value={form.description} onChange={(e) => set('description', e.target.value)} />
      )}
    </Field>
  );
}

/** The price and its currency (a product also its pre-discount price), shown the Turkish way once it reads. */
function PriceFields({
  form,
  set,
  errorOf,
  withCompareAt,
}: {
  readonly form: ProductFormState;
  readonly set: Setter;
  readonly errorOf: ErrorOf;
  readonly withCompareAt: boolean;
}) {
  return (
    <>
      <Field
        field="price.value"
        label="Fiyat"
        error={errorOf('price.value')}
        hint={withCompareAt ? '0 veya boş: fiyat gösterilmez' : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            placeholder="ör. 8.750.000"
            value={form.priceValue}
            onChange={(e) => set('priceValue', e.target.value)}
            onBlur={() => set('priceValue', shownMoney(form.priceValue))}
          />
        )}
      </Field>
      {withCompareAt && (
        <Field field="price.compareAtValue" label="İndirim öncesi fiyat" error={errorOf('price.compareAtValue')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={form.compareAtValue}
              onChange={(e) => set('compareAtValue', e.target.value)}
              onBlur={() => set('compareAtValue', shownMoney(form.compareAtValue))}
            />
          )}
        </Field>
      )}
      <Field field="price.currency" label="Para birimi" error={errorOf('price.currency')}>
        {(control) => (
          <select
            {...control}
            value={form.currency}
            onChange={(e) => set('currency', e.target.value as ProductCurrency)}
          >
            {PRODUCT_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
