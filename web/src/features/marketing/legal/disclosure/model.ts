import type { PublicLanguage } from '@kartvizit/schemas/language/model';
import type { LegalFrame } from '../legal-frame.ts';
import type { OperatorField } from '../operator.ts';

/*
 * The KVKK disclosure (aydınlatma metni) as data, one module per language (issue 31): the same sections, in the same
 * order, each written as blocks of words that rich-text.tsx turns into the page. A language that leaves out a section
 * does not compile; disclosure.unit.spec.ts checks that every translation has the same blocks, lists, operator details
 * and links as the Turkish text, which is the binding one.
 */

/** Words inside a paragraph, a heading, a list item or an entry. */
export type Inline =
  | string
  | { readonly strong: string }
  /** A detail of the operating company (operator.ts), highlighted while it is a placeholder. */
  | { readonly fill: OperatorField }
  | { readonly code: string }
  /** Another legal text of the product (LEGAL_PATHS), which exists in Turkish only. */
  | { readonly link: 'privacy' | 'terms'; readonly text: string }
  /** A page elsewhere, opened in a new tab. */
  | { readonly external: string; readonly text: string }
  /** A Turkish name kept in a translation (a law, an authority, a screen of the Turkish dashboard): lang="tr". */
  | { readonly turkish: string }
  /** LEGAL_TEXTS_VERSION, the version every lead records. */
  | { readonly textsVersion: true };

export type Rich = string | readonly Inline[];

export type Block =
  | { readonly p: Rich }
  | { readonly h3: Rich }
  | { readonly ul: readonly Rich[] }
  /** The rights of KVKK md. 11, lettered (a)–(i). */
  | { readonly ol: readonly Rich[] }
  /** Terms and their explanations: the data, the retention periods. */
  | { readonly entries: readonly (readonly [Rich, Rich])[] };

/** The sections in the order the page shows them; the ids are the anchors (#…) other pages link to, in every language. */
export const DISCLOSURE_SECTIONS = [
  'veri-sorumlusu',
  'islenen-veriler',
  'amaclar-ve-hukuki-sebepler',
  'toplama-yontemi',
  'aktarim',
  'saklama-sureleri',
  'haklariniz',
  'basvuru',
  'cerezler',
  'degisiklikler',
] as const;
export type DisclosureSectionId = (typeof DISCLOSURE_SECTIONS)[number];

export interface DisclosureSection {
  readonly title: string;
  readonly body: readonly Block[];
}

/** The whole disclosure in one language. */
export interface DisclosureText {
  readonly language: PublicLanguage;
  /** The page's frame: its eyebrow, version line, contents, the other texts' names. */
  readonly frame: LegalFrame;
  /** The full title (h1). */
  readonly heading: string;
  readonly lead: readonly Block[];
  readonly sections: { readonly [S in DisclosureSectionId]: DisclosureSection };
}

/** A translation: says first that the Turkish text is the binding one, and links to it. */
export interface TranslatedDisclosure extends DisclosureText {
  readonly binding: {
    readonly text: string;
    /** The link to the Turkish original (/kvkk). */
    readonly link: string;
  };
}
