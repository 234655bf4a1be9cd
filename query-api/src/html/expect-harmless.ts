import { expect } from 'vitest';

/** For the pages' tests: no markup that product or profile text could have smuggled in. */

/** Every tag with its attributes: our escaping keeps raw '<' out of text and raw '"' out of values. */
function tags(html: string): { name: string; attributes: [string, string][] }[] {
  return (html.match(/<[a-zA-Z][^>]*>/g) ?? []).map((tag) => {
    const name = /^<([a-zA-Z0-9-]+)/.exec(tag)?.[1] ?? '';
    const attributes = [...tag.slice(name.length + 1).matchAll(/\s([^\s"'=<>/]+)(?:="([^"]*)")?/g)].map(
      (match): [string, string] => [match[1] ?? '', match[2] ?? ''],
    );
    return { name: name.toLowerCase(), attributes };
  });
}

export function expectHarmless(html: string, scripts: number): void {
  const all = tags(html);
  expect(all.filter((tag) => tag.name === 'script')).toHaveLength(scripts);
  for (const { name, attributes } of all) {
    for (const [attribute, value] of attributes) {
      expect(attribute, `<${name} ${attribute}>`).not.toMatch(/^on/i);
      if (['href', 'src'].includes(attribute))
        expect(value, `<${name} ${attribute}="${value}">`).toMatch(/^(https:\/\/[^/]|\/(?!\/)|#)/);
    }
  }
  expect(all.some((tag) => tag.name === 'img' && tag.attributes.some(([, value]) => value === 'x'))).toBe(false);
}
