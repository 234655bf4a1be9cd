import type { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import type { PublicLanguage } from '@kartvizit/schemas/language/model';

export type LegalText = keyof typeof LEGAL_PATHS;

/**
 * The words around a legal text, in the language it is shown in: Turkish for all three texts; the KVKK disclosure also
 * in the card page's other languages (issue 31), whose modules give their own frame.
 */
export interface LegalFrame {
  readonly language: PublicLanguage;
  /** The locale the publication date is written in (Arabic with Latin digits, as the card page writes numbers). */
  readonly dateLocale: string;
  readonly eyebrow: string;
  /** 'Sürüm' before the version. */
  readonly version: string;
  /** 'Son güncelleme:' before the date. */
  readonly updated: string;
  /** The table of contents' heading. */
  readonly contents: string;
  /** The name of the links to the other legal texts at the end. */
  readonly others: string;
  /** The name of the language switcher. */
  readonly languages: string;
  /** Each text's short name: the page's title and the links to it (those in Turkish only say so). */
  readonly titles: { readonly [T in LegalText]: string };
  /** The note shown while operator.ts has placeholders: label, words before the example, before the file, after it. */
  readonly operatorNote: { readonly label: string; readonly text: readonly [string, string, string] };
}

export const TURKISH_FRAME: LegalFrame = {
  language: 'tr',
  dateLocale: 'tr-TR',
  eyebrow: 'Yasal metinler',
  version: 'Sürüm',
  updated: 'Son güncelleme:',
  contents: 'İçindekiler',
  others: 'Diğer yasal metinler',
  languages: 'Dil',
  titles: {
    disclosure: 'KVKK Aydınlatma Metni',
    privacy: 'Gizlilik Politikası',
    terms: 'Kullanım Koşulları',
  },
  operatorNote: {
    label: 'İşletmeci notu:',
    text: [
      'Sarı ile işaretli, köşeli parantez içindeki alanlar (ör. ',
      ') bu hizmeti işleten şirket tarafından kendi bilgileriyle doldurulmalıdır (',
      '). Metinler yayımlanmadan önce bir hukuk danışmanına gözden geçirtilmelidir.',
    ],
  },
};
