import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, markup, trustedHtml } from './markup.ts';

describe('HTML escaping', () => {
  it('escapes every character that could end a text or attribute context', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
    expect(escapeHtml('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
  });

  it('escapes every interpolation, lists included; only SafeHtml passes', () => {
    const name = '"><script>alert(1)</script>';
    expect(markup`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(markup`<ul>${['<b>', markup`<li>${'&'}</li>`]}</ul>`.value).toBe('<ul>&lt;b&gt;<li>&amp;</li></ul>');
    expect(markup`${null}${undefined}${false}${0}`.value).toBe('0');
    expect(markup`${trustedHtml('<svg/>')}`.value).toBe('<svg/>');
  });

  it('keeps JSON inside a script element from ending it', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>', line: '\u2028' }).value;
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', line: '\u2028' });
  });
});
