import { describe, expect, it } from 'vitest';
import * as rules from '@kartvizit/schemas/profile/rules';
import { initialFormState, profileFormReducer, type ProfileFormAction, type ProfileFormState } from './form-state.ts';
import {
  emptyProfileForm,
  NO_IMAGES,
  profileToForm,
  toProfileFormData,
  toProfileInput,
  untranslatedFields,
  type ProfileFormValues,
  type StoredProfile,
} from './profile-form.ts';
import { profileFormProblems } from './validation.ts';

/** 'Diğer Diller' (issue 31): the owner's words in other languages, from the API into the form and back. */

const STORED: StoredProfile = {
  firstName: 'Çağrı',
  lastName: 'Öztürk',
  jobTitle: 'Gayrimenkul Danışmanı',
  company: 'Öztürk Emlak',
  bio: 'İstanbul’da 10 yıldır konut ve arsa.',
  translations: {
    en: { jobTitle: 'Real Estate Consultant', bio: 'Ten years of homes and land in Istanbul.' },
    ar: { jobTitle: 'مستشار عقاري' },
  },
};

function sentTranslations(values: ProfileFormValues): unknown {
  const sent = toProfileFormData(values, NO_IMAGES).getAll('translations');
  expect(sent).toHaveLength(1);
  const [text] = sent;
  if (typeof text !== 'string') throw new Error('translations must be JSON text');
  return JSON.parse(text);
}

function run(state: ProfileFormState, ...actions: ProfileFormAction[]): ProfileFormState {
  return actions.reduce(profileFormReducer, state);
}

describe('the stored translations in the form', () => {
  it('given a profile with English and Arabic words, when the form opens, then those two languages are on and filled', () => {
    const { translations } = profileToForm(STORED);
    expect(translations.en).toEqual({
      on: true,
      jobTitle: 'Real Estate Consultant',
      company: '',
      bio: 'Ten years of homes and land in Istanbul.',
    });
    expect(translations.ar).toEqual({ on: true, jobTitle: 'مستشار عقاري', company: '', bio: '' });
    expect(translations.ru).toEqual({ on: false, jobTitle: '', company: '', bio: '' });
    expect(translations.de.on).toBe(false);
  });

  it('given a profile from before issue 31 or a language of blanks, when the form opens, then every language is off', () => {
    for (const stored of [{ firstName: 'Ayşe' }, { translations: null }, { translations: { de: { bio: '' } } }]) {
      const { translations } = profileToForm(stored);
      expect(Object.values(translations).map((language) => language.on)).toEqual([false, false, false, false]);
    }
    expect(emptyProfileForm(null).translations.en.on).toBe(false);
  });

  it('given an English bio left blank, when the form asks what is missing, then it names the fields the card shows in Turkish', () => {
    const values = profileToForm(STORED);
    expect(untranslatedFields(values, 'en')).toEqual(['company']);
    expect(untranslatedFields(values, 'ar')).toEqual(['company', 'bio']);
    // A field blank in Turkish too shows nothing either way: not missing.
    expect(untranslatedFields({ ...values, company: '' }, 'ar')).toEqual(['bio']);
  });
});

describe('the translations sent on a save', () => {
  it('given the stored languages, when saved, then translations goes as one JSON field with only the written texts', () => {
    expect(sentTranslations(profileToForm(STORED))).toEqual({
      en: { jobTitle: 'Real Estate Consultant', bio: 'Ten years of homes and land in Istanbul.' },
      ar: { jobTitle: 'مستشار عقاري' },
    });
  });

  it('given a language switched off, when saved, then its words are not sent, though the form keeps them', () => {
    const values = profileToForm(STORED);
    const off = { ...values, translations: { ...values.translations, en: { ...values.translations.en, on: false } } };
    expect(sentTranslations(off)).toEqual({ ar: { jobTitle: 'مستشار عقاري' } });
    expect(off.translations.en.jobTitle).toBe('Real Estate Consultant');
  });

  it('given a language switched on with only spaces, when saved, then it is left out; with none on, {} clears them', () => {
    const values = emptyProfileForm(null);
    const blank = {
      ...values,
      translations: { ...values.translations, de: { on: true, jobTitle: '  ', company: '', bio: '\n' } },
    };
    expect(sentTranslations(blank)).toEqual({});
    expect(sentTranslations(values)).toEqual({});
  });

  it('given texts with spaces round them, when saved, then they are trimmed, and the shared rules accept the body', () => {
    const values = profileToForm(STORED);
    const padded = {
      ...values,
      translations: {
        ...values.translations,
        de: { on: true, jobTitle: '  Immobilienberater ', company: '', bio: '' },
      },
    };
    expect(toProfileInput(padded).translations.de).toEqual({ jobTitle: 'Immobilienberater' });
    const checked = rules.validateProfileInput(toProfileInput(padded), { currentYear: 2026 });
    expect(checked.ok && checked.profile.translations).toEqual({
      en: { jobTitle: 'Real Estate Consultant', bio: 'Ten years of homes and land in Istanbul.' },
      ar: { jobTitle: 'مستشار عقاري' },
      de: { jobTitle: 'Immobilienberater' },
    });
  });
});

describe('the screen checks the translations as the server does', () => {
  it('given an English bio over 1000 characters, when checked, then the server’s Turkish message stands beside it', () => {
    const values = profileToForm(STORED);
    const long = {
      ...values,
      translations: { ...values.translations, en: { ...values.translations.en, bio: 'a'.repeat(1001) } },
    };
    expect(profileFormProblems(rules, long, 2026)).toEqual({
      'translations.en.bio': 'Hakkında (İngilizce) en fazla 1000 karakter olabilir',
    });
  });

  it('given a Russian job title over 100 characters in a language switched off, when checked, then nothing is said', () => {
    const values = emptyProfileForm(null);
    const off = {
      ...values,
      translations: { ...values.translations, ru: { on: false, jobTitle: 'я'.repeat(101), company: '', bio: '' } },
    };
    expect(profileFormProblems(rules, off, 2026)).toEqual({});
    const on = { ...off, translations: { ...off.translations, ru: { ...off.translations.ru, on: true } } };
    expect(profileFormProblems(rules, on, 2026)).toEqual({
      'translations.ru.jobTitle': 'Pozisyon (Rusça) en fazla 100 karakter olabilir',
    });
  });
});

describe('unsaved changes in other languages', () => {
  const start = initialFormState(profileToForm(STORED), NO_IMAGES);

  it('given a saved profile, when an English text changes, then the form has unsaved changes; typed back, it has none', () => {
    const edited = run(start, { type: 'translationChanged', language: 'en', field: 'company', value: 'Öztürk Realty' });
    expect(edited.dirty).toBe(true);
    expect(run(edited, { type: 'translationChanged', language: 'en', field: 'company', value: '' }).dirty).toBe(false);
  });

  it('given a language with words, when switched off, then that is an unsaved change; switched on again, it is not', () => {
    const off = run(start, { type: 'languageSwitched', language: 'ar', on: false });
    expect(off.dirty).toBe(true);
    expect(off.values.translations.ar.jobTitle).toBe('مستشار عقاري');
    expect(run(off, { type: 'languageSwitched', language: 'ar', on: true }).dirty).toBe(false);
  });

  it('given an empty language, when switched on, then nothing would be saved differently', () => {
    expect(run(start, { type: 'languageSwitched', language: 'de', on: true }).dirty).toBe(false);
  });

  it('given messages on a language’s fields, when it is switched off, then they go; typing clears only its own', () => {
    const shown = run(start, {
      type: 'errorsShown',
      errors: { 'translations.en.bio': 'uzun', 'translations.en.jobTitle': 'uzun', 'translations.ar.bio': 'uzun' },
    });
    expect(run(shown, { type: 'translationChanged', language: 'en', field: 'bio', value: 'Short.' }).errors).toEqual({
      'translations.en.jobTitle': 'uzun',
      'translations.ar.bio': 'uzun',
    });
    expect(run(shown, { type: 'languageSwitched', language: 'en', on: false }).errors).toEqual({
      'translations.ar.bio': 'uzun',
    });
  });
});
