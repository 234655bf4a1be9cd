import { describe, expect, it } from 'vitest';
import { OWNER_LANGUAGES, type OwnerLanguage } from '@kartvizit/schemas/language/model';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { DISCLOSURE_SECTIONS, type Block, type DisclosureText, type Rich, type TranslatedDisclosure } from './model.ts';
import { ru } from './ru.ts';
import { tr } from './tr.ts';

/*
 * Issue 31: each translation of the KVKK disclosure says what the Turkish one says. The types make every section be
 * there; this checks that nothing inside one was left out or added: the same headings, lists of the same length, the
 * same terms, the same operator details, links and version, in the same places. (Paragraphs may differ in number: the
 * Turkish closes the list of rights with 'haklarına sahipsiniz', which the other languages say before it.)
 */

const TRANSLATIONS: { readonly [L in OwnerLanguage]: TranslatedDisclosure } = { en, ru, ar, de };

function placeholders(rich: Rich): string[] {
  if (typeof rich === 'string') return [];
  return rich.flatMap((inline) => {
    if (typeof inline === 'string' || 'strong' in inline || 'turkish' in inline) return [];
    if ('fill' in inline) return [`fill:${inline.fill}`];
    if ('code' in inline) return [`code:${inline.code}`];
    if ('link' in inline) return [`link:${inline.link}`];
    if ('external' in inline) return [`external:${inline.external}`];
    return ['version'];
  });
}

/** What a block must keep in a translation: its kind, its length and what it refers to, in order. */
function shape(block: Block): unknown {
  if ('p' in block) return null;
  if ('h3' in block) return ['h3', placeholders(block.h3)];
  if ('ul' in block) return ['ul', block.ul.map(placeholders)];
  if ('ol' in block) return ['ol', block.ol.map(placeholders)];
  return ['entries', block.entries.map(([term, detail]) => [placeholders(term), placeholders(detail)])];
}

function skeleton(text: DisclosureText): unknown {
  return DISCLOSURE_SECTIONS.map((id) => {
    const { body } = text.sections[id];
    return {
      id,
      structure: body.map(shape).filter((each) => each !== null),
      // Paragraphs' references, in order, whatever their number.
      references: body.flatMap((block) => ('p' in block ? placeholders(block.p) : [])),
    };
  });
}

function words(text: DisclosureText): string {
  const rich = (value: Rich): string =>
    typeof value === 'string'
      ? value
      : value
          .map((inline) => {
            if (typeof inline === 'string') return inline;
            if ('strong' in inline) return inline.strong;
            if ('turkish' in inline) return inline.turkish;
            if ('code' in inline) return inline.code;
            if ('link' in inline || 'external' in inline) return inline.text;
            return '';
          })
          .join('');
  const block = (each: Block): string[] => {
    if ('p' in each) return [rich(each.p)];
    if ('h3' in each) return [rich(each.h3)];
    if ('ul' in each) return each.ul.map(rich);
    if ('ol' in each) return each.ol.map(rich);
    return each.entries.flatMap(([term, detail]) => [rich(term), rich(detail)]);
  };
  return [
    text.heading,
    ...text.lead.flatMap(block),
    ...DISCLOSURE_SECTIONS.flatMap((id) => [text.sections[id].title, ...text.sections[id].body.flatMap(block)]),
  ].join('\n');
}

describe('the KVKK disclosure in every language (issue 31)', () => {
  it('has a translation for every language a card may be read in', () => {
    expect(Object.keys(TRANSLATIONS).sort()).toEqual([...OWNER_LANGUAGES].sort());
  });

  for (const language of OWNER_LANGUAGES) {
    const text = TRANSLATIONS[language];

    it(`${language}: the same sections, lists, terms, operator details, links and version as the Turkish`, () => {
      expect(text.language).toBe(language);
      expect(text.frame.language).toBe(language);
      expect(skeleton(text)).toEqual(skeleton(tr));
      expect(text.lead.map(shape)).toEqual(tr.lead.map(shape));
      expect(text.lead.flatMap((block) => ('p' in block ? placeholders(block.p) : []))).toEqual(
        tr.lead.flatMap((block) => ('p' in block ? placeholders(block.p) : [])),
      );
    });

    it(`${language}: numbered like the Turkish, and says the Turkish text binds`, () => {
      for (const id of DISCLOSURE_SECTIONS) {
        expect(text.sections[id].title.split('.')[0]).toBe(tr.sections[id].title.split('.')[0]);
      }
      expect(text.binding.text).not.toBe('');
      expect(text.binding.link).not.toBe('');
    });

    it(`${language}: keeps the law's figures (days, hours, minutes, law numbers, articles)`, () => {
      const figures = (value: string) => (value.match(/\d+/g) ?? []).sort();
      // Figures the Turkish writes out in words somewhere ('on sayfa', 'bir kez') are the translations' too.
      const spelled = (value: string) => figures(value).filter((figure) => figure !== '1');
      expect(spelled(words(text))).toEqual(spelled(words(tr)));
    });
  }
});
