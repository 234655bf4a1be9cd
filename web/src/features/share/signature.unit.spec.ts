import { describe, expect, it } from 'vitest';
import { escapeHtml, SIGNATURE_LABELS, signatureHtml, signatureText, type SignatureInput } from './signature.ts';

const ORIGIN = 'https://kart.example.com';

const AYSE: SignatureInput = {
  language: 'tr',
  name: 'Ayşe Yılmaz',
  title: 'Gayrimenkul Danışmanı',
  company: 'Çınar Emlak',
  phone: '+905321234567',
  phoneDisplay: '0532 123 45 67',
  email: 'ayse@example.com',
  photoUrl: '/media/profiles/11111111-1111-4111-8111-111111111111/picture-0123456789abcdef0123456789abcdef-sm.jpg',
  qrUrl: '/api/cards/VC-ABC234/branded-qr.png?s=3',
  cardUrl: `${ORIGIN}/k/ayse-yilmaz`,
  accent: '#0E7490',
  origin: ORIGIN,
};

/** Every value of an attribute, in order. */
function attributes(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((match) => match[1] ?? '');
}

describe('the e-mail signature', () => {
  it('is tables and inline styles only: no <style>, no class, no script', () => {
    const html = signatureHtml(AYSE);
    expect(html.startsWith('<table')).toBe(true);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/\sclass=/i);
    expect(html).not.toMatch(/<script|<div|<link/i);
    // Every element that draws something carries its own style.
    expect(html.match(/<(table|td|img|a|span)\b/g)?.length).toBe(
      html.match(/<(table|td|img|a|span)\b[^>]*style="/g)?.length,
    );
  });

  it('shows the photo, name, title, company, phone, e-mail and the card link', () => {
    const html = signatureHtml(AYSE);
    for (const text of ['Ayşe Yılmaz', 'Gayrimenkul Danışmanı · Çınar Emlak', '0532 123 45 67', 'ayse@example.com']) {
      expect(html).toContain(text);
    }
    expect(attributes(html, 'href')).toEqual([
      'tel:+905321234567',
      'mailto:ayse@example.com',
      `${ORIGIN}/k/ayse-yilmaz`,
      `${ORIGIN}/k/ayse-yilmaz`,
    ]);
  });

  it('names every image by an absolute address, the QR at 96 px', () => {
    const html = signatureHtml(AYSE);
    const sources = attributes(html, 'src');
    expect(sources).toEqual([
      `${ORIGIN}/media/profiles/11111111-1111-4111-8111-111111111111/picture-0123456789abcdef0123456789abcdef-sm.jpg`,
      `${ORIGIN}/api/cards/VC-ABC234/branded-qr.png?s=3`,
    ]);
    for (const source of sources) expect(source).toMatch(/^https:\/\//);
    expect(html).toMatch(/<img src="[^"]*branded-qr\.png[^"]*" width="96" height="96"/);
    expect(signatureHtml({ ...AYSE, qrUrl: 'https://cdn.example.net/qr.png' })).toContain(
      'src="https://cdn.example.net/qr.png"',
    );
  });

  it('refuses addresses that are no web address', () => {
    const html = signatureHtml({ ...AYSE, photoUrl: 'javascript:alert(1)', cardUrl: 'data:text/html,<b>x</b>' });
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:');
    expect(attributes(html, 'src')).toEqual([`${ORIGIN}/api/cards/VC-ABC234/branded-qr.png?s=3`]);
  });

  it('escapes every value the owner typed, in text and in attributes', () => {
    const html = signatureHtml({
      ...AYSE,
      name: 'Ali <script>alert("x")</script>',
      title: 'Satış & Pazarlama',
      company: '"Öz" <b>Emlak</b>',
      email: 'a"b@example.com',
      photoUrl: '/media/a.jpg?x="><img src=x onerror=alert(1)>',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(html).toContain('Ali &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Satış &amp; Pazarlama · &quot;Öz&quot; &lt;b&gt;Emlak&lt;/b&gt;');
    expect(html).toContain('alt="Ali &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"');
    expect(html).toContain('href="mailto:a&quot;b@example.com"');
    expect(escapeHtml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;');
  });

  it('leaves out what the owner has not filled in', () => {
    const html = signatureHtml({
      ...AYSE,
      phone: '',
      phoneDisplay: '',
      email: '',
      photoUrl: null,
      title: '',
      company: '',
    });
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain(SIGNATURE_LABELS.tr.phone);
    expect(attributes(html, 'src')).toHaveLength(1);
    expect(html).not.toContain(' · ');
  });

  it('says its labels in the language chosen', () => {
    const english = signatureHtml({ ...AYSE, language: 'en', title: 'Real Estate Consultant' });
    expect(english).toContain('Email:');
    expect(english).toContain('My digital business card');
    expect(english).toContain('Real Estate Consultant');
    expect(english).not.toContain('E-posta');
    const german = signatureHtml({ ...AYSE, language: 'de' });
    expect(german).toContain('E-Mail:');
    expect(german).toContain('Meine digitale Visitenkarte');
    const russian = signatureHtml({ ...AYSE, language: 'ru' });
    expect(russian).toContain('Эл. почта:');
    expect(signatureHtml(AYSE)).toContain('E-posta:');
    expect(signatureHtml(AYSE)).toContain('Dijital kartvizitim');
  });

  it('reads right to left in Arabic, and left to right otherwise', () => {
    const arabic = signatureHtml({ ...AYSE, language: 'ar', title: 'مستشار عقاري' });
    expect(arabic).toMatch(/^<table[^>]* dir="rtl"/);
    expect(arabic).toContain('direction:rtl');
    expect(arabic).toContain('text-align:right');
    expect(arabic).toContain('border-right:3px solid');
    expect(arabic).toContain('البريد الإلكتروني:');
    // The number and the address keep their own order inside the Arabic text.
    expect(arabic).toContain('<a href="tel:+905321234567" dir="ltr"');
    expect(arabic).toContain('<a href="mailto:ayse@example.com" dir="ltr"');
    const turkish = signatureHtml(AYSE);
    expect(turkish).toMatch(/^<table[^>]* dir="ltr"/);
    expect(turkish).toContain('border-left:3px solid #0e7490');
    expect(turkish).not.toContain('rtl');
  });

  it('takes only a #rrggbb accent', () => {
    expect(signatureHtml({ ...AYSE, accent: 'red;background:url(x)' })).not.toContain('url(x)');
  });

  it('has a plain text twin for the clipboard', () => {
    expect(signatureText(AYSE)).toBe(
      [
        'Ayşe Yılmaz',
        'Gayrimenkul Danışmanı · Çınar Emlak',
        'Tel: 0532 123 45 67',
        'E-posta: ayse@example.com',
        `Dijital kartvizitim: ${ORIGIN}/k/ayse-yilmaz`,
      ].join('\n'),
    );
  });
});
