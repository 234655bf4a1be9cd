import type { Dispatch, ReactNode } from 'react';
import {
  LANGUAGE_NATIVE_NAMES,
  LANGUAGE_TURKISH_NAMES,
  OWNER_LANGUAGES,
  textDirection,
  type OwnerLanguage,
} from '@kartvizit/schemas/language/model';
import { PROFILE_FIELD_LABELS } from '@kartvizit/schemas/profile/messages';
import type { ProfileTranslatedField } from '@kartvizit/schemas/profile/model';
import { Switch } from '../../shared/ui/switch.tsx';
import type { Bindings } from './bindings.ts';
import { fieldId, TextAreaField, TextField } from './fields.tsx';
import type { ProfileFormAction } from './form-state.ts';
import { hasTranslatedText, untranslatedFields, type ProfileFormValues } from './profile-form.ts';
import { Section } from './section.tsx';

interface Props {
  readonly values: ProfileFormValues;
  readonly bind: Bindings;
  readonly dispatch: Dispatch<ProfileFormAction>;
}

/** 'Pozisyon', 'Şirket', 'Hakkında': the labels the Turkish fields and the server's messages use. */
const label = (field: ProfileTranslatedField) => PROFILE_FIELD_LABELS[field] ?? field;

/** The language's own name, marked as that language so a screen reader says it right ('English', 'العربية'). */
function LanguageName({ language }: { readonly language: OwnerLanguage }) {
  return (
    <>
      {LANGUAGE_TURKISH_NAMES[language]}{' '}
      <span className="pf-lang__native">
        (
        <bdi lang={language} dir={textDirection(language)}>
          {LANGUAGE_NATIVE_NAMES[language]}
        </bdi>
        )
      </span>
    </>
  );
}

/** What the Turkish field says, under its translation: the owner sees what they translate. */
function turkishHint(turkish: string): ReactNode {
  const written = turkish.trim();
  if (written === '') return 'Türkçesi boş';
  return (
    <>
      Türkçesi: <span className="pf-lang__turkish">{written}</span>
    </>
  );
}

function statusOf(values: ProfileFormValues, language: OwnerLanguage): string {
  const own = values.translations[language];
  if (!hasTranslatedText(own)) {
    return 'Henüz bir şey yazmadınız. Kartınız bu dilde, en az bir alanı doldurup kaydettiğinizde açılır.';
  }
  const missing = untranslatedFields(values, language);
  if (missing.length === 0) return 'Tüm alanlar bu dilde yazıldı.';
  return `Eksik: ${missing.map(label).join(', ')} — boş kalan alanlar Türkçe gösterilir.`;
}

/**
 * 'Diğer Diller' (issue 31, decision 62): the owner's job title, company line and bio in English, Russian, Arabic
 * and German. A switch per language; a language is on the card once something is written in it. Switching a
 * language off keeps its texts in the form (switching it on again brings them back); saved off, they are gone.
 */
export function LanguagesSection({ values, bind, dispatch }: Props) {
  return (
    <Section
      id="profil-diller"
      description="Kartınızı yabancı ziyaretçileriniz kendi dillerinde okusun. Bir dili açın ve pozisyonunuzu, şirketinizi ve hakkınızdaki yazıyı o dilde yazın; ziyaretçi kartı tarayıcısının diline göre, ya da dil seçiciden seçtiği dilde görür."
    >
      <ul className="pf-langs">
        {OWNER_LANGUAGES.map((language) => {
          const own = values.translations[language];
          const switchId = fieldId(`translations.${language}`);
          const statusId = `${switchId}-status`;
          const panelId = `${switchId}-fields`;
          const direction = textDirection(language);
          const texts = { lang: language, ...(direction === 'rtl' ? { dir: 'rtl' } : {}) } as const;
          return (
            <li key={language} className={own.on ? 'pf-lang pf-lang--on' : 'pf-lang'}>
              <div className="pf-lang__head">
                <label className="form-field__label pf-lang__name" htmlFor={switchId}>
                  <LanguageName language={language} />
                </label>
                <Switch
                  id={switchId}
                  name={`translations.${language}`}
                  checked={own.on}
                  aria-describedby={own.on || hasTranslatedText(own) ? statusId : undefined}
                  aria-controls={own.on ? panelId : undefined}
                  onChange={(event) => dispatch({ type: 'languageSwitched', language, on: event.target.checked })}
                />
              </div>
              {own.on ? (
                <>
                  <p id={statusId} className="pf-lang__status">
                    {statusOf(values, language)}
                  </p>
                  <div id={panelId} className="pf-grid">
                    <TextField
                      label={<Label field="jobTitle" language={language} />}
                      hint={turkishHint(values.jobTitle)}
                      autoComplete="off"
                      {...texts}
                      {...bind.translation(language, 'jobTitle')}
                    />
                    <TextField
                      label={<Label field="company" language={language} />}
                      hint={turkishHint(values.company)}
                      autoComplete="off"
                      {...texts}
                      {...bind.translation(language, 'company')}
                    />
                    <TextAreaField
                      label={<Label field="bio" language={language} />}
                      hint={turkishHint(values.bio)}
                      {...texts}
                      {...bind.translation(language, 'bio')}
                    />
                  </div>
                </>
              ) : (
                hasTranslatedText(own) && (
                  <p id={statusId} className="pf-lang__status pf-lang__status--off">
                    Kapalı: bu dildeki metinler kaydettiğinizde kartınızdan kaldırılır. Dili yeniden açarsanız geri
                    gelir.
                  </p>
                )
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** 'Pozisyon' on the screen; 'Pozisyon (İngilizce)' to a screen reader, as the server's messages name it. */
function Label({ field, language }: { readonly field: ProfileTranslatedField; readonly language: OwnerLanguage }) {
  return (
    <>
      {label(field)}
      <span className="visually-hidden"> ({LANGUAGE_TURKISH_NAMES[language]})</span>
    </>
  );
}
