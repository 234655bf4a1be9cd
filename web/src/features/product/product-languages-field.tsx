import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  LANGUAGE_NATIVE_NAMES,
  LANGUAGE_TURKISH_NAMES,
  textDirection,
  type OwnerLanguage,
} from '@kartvizit/schemas/language/model';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { Icon } from '../../shared/ui/icons.tsx';
import { Field } from './product-field.tsx';
import {
  hasProductText,
  type ProductFormState,
  type ProductLanguageValues,
  type ProductTranslatedText,
} from './product-form.ts';

const LABELS: { readonly [F in ProductTranslatedText]: string } = {
  name: 'Ürün adı',
  description: 'Açıklama',
  features: 'Özellikler',
  actionLabel: 'Buton metni',
};

interface Props {
  /** The languages to write in, in the screens' order. */
  readonly languages: readonly OwnerLanguage[];
  readonly form: ProductFormState;
  /** Whether the button has a label (SPEC §4): its translation is asked for only then. */
  readonly withActionLabel: boolean;
  readonly open: boolean;
  readonly onOpen: (open: boolean) => void;
  readonly onText: (language: OwnerLanguage, field: ProductTranslatedText, value: string) => void;
  readonly errorOf: (field: string) => string | undefined;
}

export function translationPath(language: OwnerLanguage, field: ProductTranslatedText): string {
  return `translations.${language}.${field}`;
}

/** The Turkish text of a field, as the card shows it where the translation is blank. */
function turkishOf(form: ProductFormState, field: ProductTranslatedText): string {
  switch (field) {
    case 'name':
      return form.name.trim();
    case 'description':
      return form.description.trim();
    case 'features':
      return form.features
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join(', ');
    case 'actionLabel':
      return form.actionLabel.trim();
    default: {
      const unknown: never = field;
      return unknown;
    }
  }
}

function turkishHint(turkish: string, extra?: string): ReactNode {
  return (
    <>
      {extra && <>{extra} </>}
      {turkish === '' ? 'Türkçesi boş.' : <>Türkçesi: {turkish}</>}
    </>
  );
}

/** 'Eksik: Açıklama — …': the fields the card shows in Turkish in this language. */
function statusOf(form: ProductFormState, own: ProductLanguageValues, fields: readonly ProductTranslatedText[]) {
  if (!hasProductText(own)) return 'Henüz bu dilde bir şey yazmadınız; ürün bu dilde Türkçe gösterilir.';
  const missing = fields.filter((field) => own[field].trim() === '' && turkishOf(form, field) !== '');
  if (missing.length === 0) return 'Tüm alanlar bu dilde yazıldı.';
  return `Eksik: ${missing.map((field) => LABELS[field]).join(', ')} — boş kalan alanlar Türkçe gösterilir.`;
}

/**
 * 'Diğer Diller' of a product (issue 31): its name, description, features and button text in the owner's languages,
 * folded away until asked for. Blank fields are shown in Turkish on the card.
 */
export function ProductLanguagesField({ languages, form, withActionLabel, open, onOpen, onText, errorOf }: Props) {
  const written = languages.filter((language) => hasProductText(form.translations[language]));
  const fields: readonly ProductTranslatedText[] = withActionLabel
    ? ['name', 'description', 'features', 'actionLabel']
    : ['name', 'description', 'features'];
  return (
    <div className="product-form__wide product-langs">
      <button
        type="button"
        className="product-langs__toggle"
        aria-expanded={open}
        aria-controls={open ? 'product-languages' : undefined}
        onClick={() => onOpen(!open)}
      >
        <Icon path={open ? 'M6 9l6 6 6-6' : 'M9 6l6 6-6 6'} className="icon product-langs__chevron" />
        <span className="product-langs__title">Diğer Diller</span>
        <span className="product-langs__summary">
          {written.length > 0
            ? `${written.map((language) => LANGUAGE_TURKISH_NAMES[language]).join(', ')} yazıldı`
            : languages.length > 0
              ? languages.map((language) => LANGUAGE_TURKISH_NAMES[language]).join(', ')
              : 'Kartınız yalnızca Türkçe'}
        </span>
      </button>
      {open && (
        <div id="product-languages" className="product-langs__panel">
          {languages.length === 0 ? (
            <p className="product-field__hint">
              Kartınız şimdilik yalnızca Türkçe. Ürünlerinizi başka dillerde yazmak için önce{' '}
              <Link to={APP_PATHS.profile}>Profil Ayarları</Link> sayfasındaki “Diğer Diller” bölümünden bir dil açın.
            </p>
          ) : (
            <>
              <p className="product-field__hint">
                Ziyaretçi kartınızı bu dillerden birinde açtığında ürünü burada yazdığınız gibi görür; boş bıraktığınız
                alanlar Türkçe gösterilir.
              </p>
              {languages.map((language) => {
                const own = form.translations[language];
                const texts = { lang: language, ...(textDirection(language) === 'rtl' ? { dir: 'rtl' } : {}) };
                const label = (field: ProductTranslatedText) => (
                  <>
                    {LABELS[field]}
                    <span className="visually-hidden"> ({LANGUAGE_TURKISH_NAMES[language]})</span>
                  </>
                );
                const input = (field: ProductTranslatedText) => ({
                  ...texts,
                  value: own[field],
                  onChange: (event: { readonly target: { readonly value: string } }) =>
                    onText(language, field, event.target.value),
                });
                return (
                  <fieldset key={language} className="product-form__group product-lang">
                    <legend className="form-field__label">
                      {LANGUAGE_TURKISH_NAMES[language]}{' '}
                      <span className="product-lang__native">
                        (
                        <bdi lang={language} dir={textDirection(language)}>
                          {LANGUAGE_NATIVE_NAMES[language]}
                        </bdi>
                        )
                      </span>
                    </legend>
                    <p className="product-lang__status">{statusOf(form, own, fields)}</p>
                    <div className="product-lang__grid">
                      <Field
                        field={translationPath(language, 'name')}
                        label={label('name')}
                        error={errorOf(translationPath(language, 'name'))}
                        hint={turkishHint(turkishOf(form, 'name'))}
                        wide
                      >
                        {(control) => <input {...control} type="text" autoComplete="off" {...input('name')} />}
                      </Field>
                      <Field
                        field={translationPath(language, 'description')}
                        label={label('description')}
                        error={errorOf(translationPath(language, 'description'))}
                        hint={turkishHint(turkishOf(form, 'description'))}
                        wide
                      >
                        {(control) => <textarea {...control} rows={4} {...input('description')} />}
                      </Field>
                      <Field
                        field={translationPath(language, 'features')}
                        label={label('features')}
                        error={errorOf(translationPath(language, 'features'))}
                        hint={turkishHint(turkishOf(form, 'features'), 'Her satıra bir özellik yazın.')}
                      >
                        {(control) => <textarea {...control} rows={3} {...input('features')} />}
                      </Field>
                      {withActionLabel && (
                        <Field
                          field={translationPath(language, 'actionLabel')}
                          label={label('actionLabel')}
                          error={errorOf(translationPath(language, 'actionLabel'))}
                          hint={turkishHint(turkishOf(form, 'actionLabel'))}
                        >
                          {(control) => <input {...control} type="text" autoComplete="off" {...input('actionLabel')} />}
                        </Field>
                      )}
                    </div>
                  </fieldset>
                );
              })}
            </>
          )}
        </div>
      )}
    </div>
  );
}
