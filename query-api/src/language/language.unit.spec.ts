import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { PUBLIC_LANGUAGES } from '@kartvizit/schemas/language/model';
import { CATALOGUES, FORMAT_LOCALES, messagesFor, type MessageKey } from './messages.ts';
import { languageUrl, pageLanguage } from './negotiate.ts';

type Element = { readonly type: number; readonly value?: unknown; readonly options?: Record<string, { value: Element[] }> };

/** The arguments a message uses ('name', 'count'…), from its parsed form. */
function argumentsOf(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (elements: readonly Element[]) => {
    for (const element of elements) {
      // 0 is literal text; every other kind names an argument (or '#' in a plural, which has no value).
      if (element.type !== 0 && typeof element.value === 'string') found.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...found].sort();
}

const KEYS = Object.keys(CATALOGUES.tr) as MessageKey[];

describe('the public pages in five languages (issue 31)', () => {
  it.each(PUBLIC_LANGUAGES.filter((language) => language !== 'tr'))(
    '%s has every Turkish key, no other, each with the Turkish arguments',
    (language) => {
      const catalogue = CATALOGUES[language];
      expect(Object.keys(catalogue).sort()).toEqual([...KEYS].sort());
      const wrong = KEYS.filter(
        (key) => argumentsOf(catalogue[key], FORMAT_LOCALES[language]).join() !== argumentsOf(CATALOGUES.tr[key], 'tr').join(),
      );
      expect(wrong).toEqual([]);
    },
  );

  it('no message is left untranslated by copying the Turkish, but for names that are the same everywhere', () => {
    const same = new Set(['brand', 'footer', 'whatsapp', 'iban', 'swiftCode', 'directionsWaze', 'scriptImageOf']);
    // German writes 'Telefon' as Turkish does.
    const alike: Readonly<Record<string, readonly MessageKey[]>> = { de: ['phone', 'leadPhone', 'remsPhoneNumber'] };
    for (const language of ['en', 'ru', 'ar', 'de'] as const) {
      const copied = KEYS.filter(
        (key) =>
          !same.has(key) && !alike[language]?.includes(key) && CATALOGUES[language][key] === CATALOGUES.tr[key],
      );
      expect({ language, copied }).toEqual({ language, copied: [] });
    }
  });

  it('counts by each language’s own plural rules', () => {
    expect(messagesFor('tr')('meetingHours', { hours: 1.5 })).toBe('1,5 saat');
    expect(messagesFor('en')('meetingMinutes', { minutes: 15 })).toBe('15 minutes');
    expect(messagesFor('en')('meetingHours', { hours: 1 })).toBe('1 hour');
    expect(messagesFor('de')('meetingHours', { hours: 1.5 })).toBe('1,5 Stunden');
    expect(messagesFor('ru')('meetingMinutes', { minutes: 45 })).toBe('45 минут');
    expect(messagesFor('ru')('meetingHours', { hours: 2 })).toBe('2 часа');
    expect(messagesFor('ar')('meetingHours', { hours: 2 })).toBe('ساعتان');
  });

  it('fills in the owner’s words', () => {
    expect(messagesFor('en')('leadIntro', { name: 'Ayşe Yılmaz' })).toContain('Ayşe Yılmaz');
    expect(messagesFor('ar')('licenceNumber', { number: '3400123' })).toContain('3400123');
  });
});

describe('which language a page is shown in', () => {
  const offered = ['tr', 'en', 'ar'] as const;

  it('takes ?lang= first, when the owner writes in it; else Turkish', () => {
    expect(pageLanguage('ar', 'en-GB,en;q=0.9', offered)).toBe('ar');
    expect(pageLanguage('de', 'de-DE', offered)).toBe('tr');
    expect(pageLanguage('tr', 'en', offered)).toBe('tr');
  });

  it('then the best of the owner’s languages for the browser’s', () => {
    expect(pageLanguage(undefined, 'en-GB,en;q=0.9', offered)).toBe('en');
    expect(pageLanguage(undefined, 'fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.4', offered)).toBe('ar');
    expect(pageLanguage(undefined, 'ru-RU', offered)).toBe('tr');
    expect(pageLanguage(undefined, undefined, offered)).toBe('tr');
    expect(pageLanguage(undefined, '*', offered)).toBe('tr');
  });

  it('ignores what is not a language of ours, in ?lang= and in the header', () => {
    expect(pageLanguage('<script>', 'en', offered)).toBe('en');
    expect(pageLanguage(['en'], 'x'.repeat(5000), offered)).toBe('tr');
  });

  it('gives each language its own address, the plain one when the owner writes only Turkish', () => {
    expect(languageUrl('https://k.test/p/VC-1', 'en', offered)).toBe('https://k.test/p/VC-1?lang=en');
    expect(languageUrl('https://k.test/p/VC-1', 'tr', ['tr'])).toBe('https://k.test/p/VC-1');
  });
});
