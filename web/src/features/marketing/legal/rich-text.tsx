import { Link } from 'react-router-dom';
import { LEGAL_PATHS, LEGAL_TEXTS_VERSION } from '@kartvizit/schemas/legal';
import { DEFAULT_LANGUAGE } from '@kartvizit/schemas/language/model';
import type { Block, Inline, Rich } from './disclosure/model.ts';
import { Entries, Fill, LeftToRight, leftToRightIn, turkishIn, useLegalLanguage } from './legal-document.tsx';

/** A legal text written as data (disclosure/model.ts) as the page shows it. */

function InlineWords({ inline }: { readonly inline: Inline }) {
  const language = useLegalLanguage();
  if (typeof inline === 'string') return inline;
  if ('strong' in inline) return <strong>{inline.strong}</strong>;
  if ('fill' in inline) return <Fill field={inline.fill} />;
  if ('code' in inline) return <code {...leftToRightIn(language)}>{inline.code}</code>;
  if ('link' in inline) {
    // The other legal texts are Turkish only.
    const hrefLang = language === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
    return (
      <Link to={LEGAL_PATHS[inline.link]} hrefLang={hrefLang}>
        {inline.text}
      </Link>
    );
  }
  if ('external' in inline) {
    return (
      <a href={inline.external} target="_blank" rel="noopener noreferrer">
        {inline.text}
      </a>
    );
  }
  if ('turkish' in inline) return <span {...turkishIn(language)}>{inline.turkish}</span>;
  return <LeftToRight>{LEGAL_TEXTS_VERSION}</LeftToRight>;
}

export function RichText({ value }: { readonly value: Rich }) {
  if (typeof value === 'string') return value;
  return value.map((inline, index) => <InlineWords key={index} inline={inline} />);
}

function BlockOf({ block }: { readonly block: Block }) {
  if ('p' in block) {
    return (
      <p>
        <RichText value={block.p} />
      </p>
    );
  }
  if ('h3' in block) {
    return (
      <h3>
        <RichText value={block.h3} />
      </h3>
    );
  }
  if ('ul' in block) {
    return (
      <ul>
        {block.ul.map((item, index) => (
          <li key={index}>
            <RichText value={item} />
          </li>
        ))}
      </ul>
    );
  }
  if ('ol' in block) {
    return (
      <ol type="a">
        {block.ol.map((item, index) => (
          <li key={index}>
            <RichText value={item} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Entries
      items={block.entries.map(([term, detail]) => [
        <RichText key="t" value={term} />,
        <RichText key="d" value={detail} />,
      ])}
    />
  );
}

export function Blocks({ blocks }: { readonly blocks: readonly Block[] }) {
  return blocks.map((block, index) => <BlockOf key={index} block={block} />);
}
