import { describe, expect, it } from 'vitest';
import { InProcessSignalBus } from '@kartvizit/infra/signals/in-process';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { themeClass } from '../html/document.ts';
import { LINE_ICON_NAMES, icon } from '../html/icons.ts';
import { PageCache } from '../html/page-cache.ts';
import { CARD_PAGE_PROJECTIONS, type CardPageMarks, type CardPageProjection } from './load.ts';
import { renderCardPage } from './render.ts';
import { ibanGroups, paymentBrand, toCardPageView } from './view.ts';
import { DEMO_OWNER_ID } from '@kartvizit/schemas/demo/model';

/** The view of card KV-ABC for the given profile data. */
function viewOf(data: Parameters<typeof toCardPageView>[0]['data'], ownerId = 'o') {
  return toCardPageView({
    cardId: 'KV-ABC',
    ownerId,
    publicBaseUrl: 'https://kart.example',
    vcardUrl: '/v',
    data,
  });
}

describe('the card view', () => {
  it('colours payment tiles by the brand named in the type or account name', () => {
    expect(paymentBrand('paypal', '')).toBe('paypal');
    expect(paymentBrand('other', 'Papara')).toBe('papara');
    expect(paymentBrand('other', 'Stripe bağlantısı')).toBe('stripe');
    expect(paymentBrand('other', 'Revolut')).toBe('revolut');
    expect(paymentBrand('other', 'BTC cüzdanı')).toBe('btc');
    expect(paymentBrand('other', 'Ethereum')).toBe('eth');
    expect(paymentBrand('bankTransfer', 'Hesabım')).toBe('default');
  });

  it('turns a theme into a class name or the default', () => {
    expect(themeClass('ocean')).toBe('ocean');
    expect(themeClass('"><script>')).toBe('classic');
    expect(themeClass('')).toBe('classic');
  });

  it('puts the company tabs in SPEC order and leaves out the empty ones', () => {
    const view = viewOf({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      invoiceInfo: { recipientName: 'Yılmaz Ltd.', taxId: '', taxOffice: '', address: '' },
      paymentMethods: [
        { type: 'other', accountName: 'Papara', accountId: '123', qrCode: '' },
        { type: 'paypal', accountName: '', accountId: '', qrCode: '' },
      ],
      address: { street: '', city: 'İstanbul', state: '', zipCode: '', country: 'Türkiye' },
    });
    expect(view.companyTabs.map((tab) => tab.id)).toEqual(['efatura', 'odeme']);
    expect(view.location).toMatchObject({ coordinates: null, address: 'İstanbul, Türkiye' });
    expect(view.directionsUrl).toContain('destination=%C4%B0stanbul%2C%20T%C3%BCrkiye');
    expect(view.initials).toBe('AY');
  });
});

describe('the WhatsApp action beside the call (decision 47)', () => {
  const render = (phone: string) =>
    renderCardPage(viewOf({ firstName: 'Ayşe', phone, phoneFormatted: '' }), '<svg></svg>', {
      css: '',
      scriptUrl: null,
      modulePreloads: [],
    });

  it('given a mobile phone, then the card offers a WhatsApp chat with it, counted as a whatsapp click', () => {
    const view = viewOf({ firstName: 'Ayşe', phone: '+905321234567', phoneFormatted: '0532 123 45 67' });
    expect(view.contacts.map((item) => [item.kind, item.href])).toEqual([
      ['phone', 'tel:+905321234567'],
      ['whatsapp', 'https://wa.me/905321234567'],
    ]);
    const page = render('+905321234567');
    expect(page).toContain(
      'href="https://wa.me/905321234567" target="_blank" rel="noopener noreferrer" data-track="whatsapp"',
    );
    // A foreign mobile number too, in its international digits.
    expect(render('+4915123456789')).toContain('href="https://wa.me/4915123456789"');
  });

  it('given a landline or no phone, then no WhatsApp action', () => {
    expect(render('+902161234567')).not.toContain('wa.me');
    expect(render('')).not.toContain('wa.me');
  });
});

describe('text at 390 px (issue 10)', () => {
  const view = viewOf({
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: 'ayse.yilmaz.gayrimenkul@example.com.tr',
    website: 'https://yilmazgayrimenkul.com.tr/ekibimiz',
    address: { street: 'Bağdat Cad. 1', city: 'İstanbul', state: 'Kadıköy', zipCode: '', country: 'Türkiye' },
    bankAccounts: [{ bankName: 'Ziraat', iban: 'TR33 0006 1005 1978 6457 8413 26' }],
  });
  const page = renderCardPage(view, '<svg></svg>', { css: '', scriptUrl: null, modulePreloads: [] });

  it('lets an e-mail wrap only before its @ and dots, and a web address before dots and slashes', () => {
    expect(page).toContain('ayse<wbr>.yilmaz<wbr>.gayrimenkul<wbr>@example<wbr>.com<wbr>.tr</span>');
    expect(page).toContain('yilmazgayrimenkul<wbr>.com<wbr>.tr<wbr>/ekibimiz</span>');
    // What is copied and dialled stays whole.
    expect(page).toContain('data-copy="ayse.yilmaz.gayrimenkul@example.com.tr"');
    expect(page).toContain('href="mailto:ayse.yilmaz.gayrimenkul@example.com.tr"');
  });

  it('groups an IBAN in blocks of four that never break inside, the short last block kept with the one before', () => {
    expect(ibanGroups('TR330006100519786457841326')).toEqual(['TR33', '0006', '1005', '1978', '6457', '8413 26']);
    expect(ibanGroups('DE89370400440532013000')).toEqual(['DE89', '3704', '0044', '0532', '0130 00']);
    expect(ibanGroups('NO9386011117947')).toEqual(['NO93', '8601', '1117 947']);
    // A length in whole blocks has no short block to keep.
    expect(ibanGroups('BE68539007547034')).toEqual(['BE68', '5390', '0754', '7034']);
    expect(page).toContain(
      '<span class="pc-row__value pc-row__value--grouped"><span class="pc-nobreak">TR33</span> <span class="pc-nobreak">0006</span> <span class="pc-nobreak">1005</span> <span class="pc-nobreak">1978</span> <span class="pc-nobreak">6457</span> <span class="pc-nobreak">8413 26</span></span>',
    );
    expect(page).toContain('data-copy="TR330006100519786457841326"');
  });

  it("gives 'Bilgi Gönder' and 'Yol Tarifi' icons of their own", () => {
    const bar = /<nav class="pc-bar"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '';
    const iconOf = (label: string) => new RegExp(`(<svg[^>]*>.*?</svg>)<span>${label}</span>`).exec(bar)?.[1];
    const send = iconOf('Bilgi Gönder');
    const directions = iconOf('Yol Tarifi');
    expect(send).toBeDefined();
    expect(directions).toBeDefined();
    expect(send).not.toBe(directions);
    // And no two line icons are drawn alike.
    const drawings = LINE_ICON_NAMES.map((name) => icon(name).value);
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});

describe('findable by search engines (decision 19)', () => {
  const NO_ASSETS = { css: '', scriptUrl: null, modulePreloads: [] };
  const person = {
    title: 'Dr.',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    jobTitle: 'Gayrimenkul Danışmanı',
    company: 'Yılmaz Emlak',
    bio: 'Kadıköy’de 15 yıl.',
    phone: '+905321234567',
    email: 'ayse@yilmaz-emlak.com.tr',
    profilePicture: '/media/profiles/p/picture-1.jpg',
    companyLogo: '/media/profiles/p/logo-1.png',
    address: {
      street: 'Bağdat Caddesi No: 1',
      city: 'İstanbul',
      state: 'Kadıköy',
      zipCode: '34710',
      country: 'Türkiye',
    },
    socialLinks: [
      { platform: 'linkedin', username: 'ayse', url: 'https://www.linkedin.com/in/ayse' },
      { platform: 'other', username: '', url: 'javascript:alert(1)' },
    ],
  };
  /** The JSON-LD blocks of a page, parsed. */
  const jsonLd = (page: string) =>
    [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );

  it('off (the default, and every profile saved before the switch): noindex and no schema.org data', () => {
    for (const data of [person, { ...person, searchable: false }, { ...person, searchable: 'true' }]) {
      const view = viewOf(data);
      expect(view).toMatchObject({ searchable: false, structuredData: null });
      const page = renderCardPage(view, '<svg></svg>', NO_ASSETS);
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(page).not.toContain('application/ld+json');
    }
  });

  it('on: no robots meta at all, and a Person with the organisation it works for', () => {
    const view = viewOf({ ...person, searchable: true });
    const page = renderCardPage(view, '<svg></svg>', NO_ASSETS);
    expect(page).not.toMatch(/<meta name="robots"/);
    expect(jsonLd(page)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Ayşe Yılmaz',
        honorificPrefix: 'Dr.',
        jobTitle: 'Gayrimenkul Danışmanı',
        description: 'Kadıköy’de 15 yıl.',
        url: 'https://kart.example/p/KV-ABC',
        image: 'https://kart.example/media/profiles/p/picture-1.jpg',
        telephone: '+905321234567',
        email: 'ayse@yilmaz-emlak.com.tr',
        // Kadıköy is the district (ilçe) in İstanbul (il).
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Bağdat Caddesi No: 1',
          addressLocality: 'Kadıköy',
          addressRegion: 'İstanbul',
          postalCode: '34710',
          addressCountry: 'TR',
        },
        worksFor: {
          '@type': 'Organization',
          name: 'Yılmaz Emlak',
          logo: 'https://kart.example/media/profiles/p/logo-1.png',
        },
        // Only the links the page shows (the javascript: one is not).
        sameAs: ['https://www.linkedin.com/in/ayse'],
      },
    ]);
  });

  it('leaves out what is not known: no company, no address, a foreign address as written', () => {
    const bare = viewOf({ firstName: 'Ayşe', searchable: true });
    expect(bare.structuredData).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ayşe',
      url: 'https://kart.example/p/KV-ABC',
    });
    const abroad = viewOf({
      firstName: 'Ayşe',
      searchable: true,
      address: { street: '', city: 'München', state: 'Bayern', zipCode: '80331', country: 'Almanya' },
    });
    expect(abroad.structuredData?.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'München',
      addressRegion: 'Bayern',
      postalCode: '80331',
      addressCountry: 'Almanya',
    });
    // No name, no Person; the page is still indexable as the owner chose.
    const nameless = viewOf({ company: 'Yılmaz Emlak', searchable: true });
    expect(nameless).toMatchObject({ searchable: true, structuredData: null });
  });

  it('never for the sample card', () => {
    expect(viewOf({ ...person, searchable: true }, DEMO_OWNER_ID)).toMatchObject({
      searchable: false,
      structuredData: null,
    });
  });

  it('keeps hostile text inside its element: the data parses back to exactly what was stored', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const view = viewOf({
      ...person,
      firstName: hostile,
      lastName: '',
      company: `${hostile}\u2028Ltd.`,
      searchable: true,
    });
    const page = renderCardPage(view, '<svg></svg>', NO_ASSETS);
    const head = /<head>[\s\S]*<\/head>/.exec(page)?.[0] ?? '';
    // The JSON-LD block and the page's own data block: nothing else that looks like a script.
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(head.match(/<script/g)).toHaveLength(1);
    const [data] = jsonLd(page);
    expect(data?.name).toBe(hostile);
    expect(data?.worksFor).toEqual({
      '@type': 'Organization',
      name: `${hostile}\u2028Ltd.`,
      logo: 'https://kart.example/media/profiles/p/logo-1.png',
    });
  });
});

describe("'Emlak Danışmanlığı' (issue 14)", () => {
  const NO_ASSETS = { css: '', scriptUrl: null, modulePreloads: [] };
  const person = { firstName: 'Ayşe', lastName: 'Yılmaz' };
  const OWNER = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';
  const render = (remsActive: boolean | undefined, ownerId = OWNER) =>
    renderCardPage(
      toCardPageView({
        cardId: 'KV-ABC',
        ownerId,
        publicBaseUrl: 'https://kart.example',
        vcardUrl: '/v',
        data: person,
        remsActive,
      }),
      '<svg></svg>',
      NO_ASSETS,
      { sample: ownerId === DEMO_OWNER_ID },
    );
  const pageData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="pc-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      remsOwnerId: string | null;
      sample: boolean;
      text: Record<string, string>;
    };

  it("given an owner with a key in force, the page has the block, its 'Görüşme Planla' button and the form", () => {
    const html = render(true);
    expect(html).toContain('<h2 class="pc-h2" id="pc-rems-h">Emlak Danışmanlığı</h2>');
    expect(html).toMatch(
      /<button type="button" class="[^"]*" data-open="pc-rems" aria-haspopup="dialog">.*<span>Görüşme Planla<\/span><\/button>/,
    );
    expect(html).toContain('<dialog class="pc-dialog" id="pc-rems" aria-labelledby="pc-rems-title">');
    expect(html).toContain('<h2 class="pc-dialog__title" id="pc-rems-title">Görüşme Planlayın</h2>');
    for (const name of [
      'firstName',
      'lastName',
      'phoneNumber',
      'customerType',
      'email',
      'province',
      'district',
      'address',
      'notes',
    ])
      expect(html, name).toMatch(
        new RegExp(
          `<label class="pc-field__label" for="pc-rems-${name}">[^<]+</label><(input|select|textarea) class="pc-input" id="pc-rems-${name}" name="${name}"`,
        ),
      );
    for (const [value, label] of [
      ['BUYER', 'Alıcı'],
      ['SELLER', 'Satıcı'],
      ['TENANT', 'Kiracı'],
      ['LANDLORD', 'Ev Sahibi'],
    ])
      expect(html).toContain(`<option value="${value}">${label}</option>`);
    // The district's field waits for a province; the places are not in the page.
    expect(html).toMatch(
      /<div class="pc-field" data-field-of="province" hidden><label class="pc-field__label" for="pc-rems-district">/,
    );
    expect(html).not.toContain('Kadıköy');
    expect(html).toContain('<input id="pc-rems-website" name="website" type="text" tabindex="-1" autocomplete="off">');
    expect(html).toMatch(
      /müşteri kayıt sistemine \(REMS\) iletilir[^<]*<a href="\/kvkk" target="_blank" rel="noopener">Aydınlatma Metni<\/a>/,
    );
    expect(pageData(html).remsOwnerId).toBe(OWNER);
  });

  it('given an owner without a key (or no word on it), the page has neither the block nor the form', () => {
    for (const remsActive of [false, undefined]) {
      const html = render(remsActive);
      expect(html).not.toContain('Emlak Danışmanlığı');
      expect(html).not.toContain('pc-rems');
      expect(pageData(html).remsOwnerId).toBeNull();
    }
  });

  it('on the sample card without a key, saying the form sends nothing, and its script answers in sample mode', () => {
    for (const remsActive of [false, undefined]) {
      const html = render(remsActive, DEMO_OWNER_ID);
      expect(html).toContain('Emlak Danışmanlığı');
      expect(html).toContain('id="pc-rems-form"');
      expect(html).toMatch(
        /<h2 class="pc-dialog__title" id="pc-rems-title">Görüşme Planlayın<\/h2>\n<p class="pc-sample-note"><strong>Örnek kart:<\/strong> Formu deneyebilirsiniz: bilgileriniz bu telefondan çıkmaz/,
      );
      const data = pageData(html);
      expect(data.remsOwnerId).toBe(DEMO_OWNER_ID);
      expect(data.sample).toBe(true);
      expect(data.text.remsSampleThanks).toMatch(/^Örnek kart: bilgileriniz gönderilmedi/);
    }
  });

  it('an ordinary card’s script is never in sample mode', () => {
    const data = pageData(render(true));
    expect(data.sample).toBe(false);
    expect(data.text).not.toHaveProperty('remsSampleThanks');
  });
});

describe('the page cache', () => {
  const mark = (checkpoint: string) => ({ generation: 1, checkpoint: checkpoint as Checkpoint });
  const marks = (cards: string, profiles: string, products = '1:1', remsKeys = '1:1', offices = '1:1'): CardPageMarks => ({
    cards: mark(cards),
    profiles: mark(profiles),
    products: mark(products),
    rems_keys: mark(remsKeys),
    offices: mark(offices),
  });

  function cache(readMarks: () => Promise<CardPageMarks>, signals?: InProcessSignalBus, now = () => 0) {
    const pages = new PageCache<string, CardPageProjection>({
      projections: CARD_PAGE_PROJECTIONS,
      maxEntries: 2,
      pollMs: 1000,
      readMarks,
      signals,
      now,
    });
    pages.start();
    return pages;
  }

  it('serves a page while the read models stand still, and not after a signal moves them', async () => {
    const signals = new InProcessSignalBus();
    const pages = cache(async () => marks('1:1', '1:1'), signals);
    pages.remember('KV-A', { page: 'a', fingerprint: 'f', marks: marks('1:1', '1:1') });
    expect(await pages.current('KV-A')).toBe('a');
    await signals.publish('projection_advanced', 'cards 1:2 owner-1');
    expect(await pages.current('KV-A')).toBeUndefined();
    // Same data re-read at the new mark: the rendering is reused.
    expect(pages.reuse('KV-A', 'f', marks('1:2', '1:1'))).toBe('a');
    expect(await pages.current('KV-A')).toBe('a');
    expect(pages.reuse('KV-A', 'other', marks('1:2', '1:1'))).toBeUndefined();
    await signals.publish('projection_advanced', 'leads 9:9');
    expect(await pages.current('KV-A')).toBe('a');
    pages.stop();
  });

  it('follows the products read model too: the catalogue is part of the page', async () => {
    const signals = new InProcessSignalBus();
    const pages = cache(async () => marks('1:1', '1:1'), signals);
    pages.remember('KV-A', { page: 'a', fingerprint: 'f', marks: marks('1:1', '1:1') });
    expect(await pages.current('KV-A')).toBe('a');
    await signals.publish('projection_advanced', 'products 1:2 owner-1');
    expect(await pages.current('KV-A')).toBeUndefined();
    expect(pages.reuse('KV-A', 'f2', marks('1:1', '1:1', '1:2'))).toBeUndefined();
    pages.stop();
  });

  it("follows the owners' REMS keys too: 'Emlak Danışmanlığı' comes and goes with the key", async () => {
    const signals = new InProcessSignalBus();
    const pages = cache(async () => marks('1:1', '1:1'), signals);
    pages.remember('KV-A', { page: 'a', fingerprint: 'f', marks: marks('1:1', '1:1') });
    expect(await pages.current('KV-A')).toBe('a');
    await signals.publish('projection_advanced', 'rems_keys 1:2 owner-1');
    expect(await pages.current('KV-A')).toBeUndefined();
    expect(pages.reuse('KV-A', 'with-block', marks('1:1', '1:1', '1:1', '1:2'))).toBeUndefined();
    pages.stop();
  });

  it('without signals, notices a change by reading the marks at most every pollMs', async () => {
    let time = 0;
    let current = marks('1:1', '1:1');
    const pages = cache(
      async () => current,
      undefined,
      () => time,
    );
    pages.remember('KV-A', { page: 'a', fingerprint: 'f', marks: marks('1:1', '1:1') });
    expect(await pages.current('KV-A')).toBe('a');
    current = marks('1:1', '1:5');
    time = 500;
    expect(await pages.current('KV-A')).toBe('a');
    time = 1000;
    expect(await pages.current('KV-A')).toBeUndefined();
    // A slow poll that read an older state does not bring the stale page back.
    current = marks('1:1', '1:1');
    time = 3000;
    expect(await pages.current('KV-A')).toBeUndefined();
  });

  it('keeps only the most recently used pages', async () => {
    const pages = cache(async () => marks('1:1', '1:1'));
    for (const id of ['A', 'B', 'C']) pages.remember(id, { page: id, fingerprint: id, marks: marks('1:1', '1:1') });
    expect(pages.size).toBe(2);
    expect(await pages.current('A')).toBeUndefined();
    expect(await pages.current('C')).toBe('C');
  });

  it('counts a page served as used: the page nobody asked for longest is the one that goes', async () => {
    const pages = cache(async () => marks('1:1', '1:1'));
    pages.remember('A', { page: 'A', fingerprint: 'A', marks: marks('1:1', '1:1') });
    pages.remember('B', { page: 'B', fingerprint: 'B', marks: marks('1:1', '1:1') });
    // A is served after B was added.
    expect(await pages.current('A')).toBe('A');
    pages.remember('C', { page: 'C', fingerprint: 'C', marks: marks('1:1', '1:1') });
    expect(pages.size).toBe(2);
    expect(pages.peek('A')).toBe('A');
    expect(pages.peek('B')).toBeUndefined();
    expect(pages.peek('C')).toBe('C');
  });
});

describe('an office card (decision 61)', () => {
  const NO_ASSETS = { css: '', scriptUrl: null, modulePreloads: [] };
  const member = { firstName: 'Ayşe', lastName: 'Yılmaz', company: 'Kendi Şirketim' };
  const office = {
    officeId: '7d0c2a8e-1f0b-4c55-9a57-3c1e0f9b2d44',
    slug: 'cinar-emlak',
    details: { name: 'Çınar Emlak', company: 'Çınar Gayrimenkul A.Ş.', licenceNumber: '3400123' },
    logoUrl: '',
    template: { fields: ['company', 'licenceNumber'], locked: ['company'] },
  };
  const page = (officeRow: unknown) =>
    renderCardPage(
      toCardPageView({
        cardId: 'KV-ABC',
        ownerId: 'o',
        publicBaseUrl: 'https://kart.example',
        vcardUrl: '/v',
        data: member,
        office: officeRow,
      }),
      '<svg></svg>',
      NO_ASSETS,
    );

  it("shows the office's locked company, its page and its yetki belgesi number", () => {
    const html = page(office);
    expect(html).toContain('Çınar Gayrimenkul A.Ş.');
    expect(html).not.toContain('Kendi Şirketim');
    expect(html).toContain('<p class="pc-office"><a href="/o/cinar-emlak">Çınar Emlak</a> · <span>Yetki Belgesi No: 3400123</span></p>');
  });

  it("a personal card shows the member's own company and no office line", () => {
    const html = page(null);
    expect(html).toContain('Kendi Şirketim');
    expect(html).not.toContain('pc-office');
  });
});

describe('the lead form’s disclosure (aydınlatma, issue 30)', () => {
  const render = (officeCard: boolean) =>
    renderCardPage(
      toCardPageView({
        cardId: 'KV-ABC',
        ownerId: 'o',
        publicBaseUrl: 'https://kart.example',
        vcardUrl: '/v',
        data: { firstName: 'Ayşe' },
        office: officeCard ? { officeId: 'o1', slug: 'cinar', details: { name: 'Çınar Emlak' }, template: {} } : null,
      }),
      '<svg></svg>',
      { css: '', scriptUrl: null, modulePreloads: [] },
    );

  it('on an office’s card names the office as the data controller', () => {
    const page = render(true);
    expect(page).toContain('veri sorumlusu bu ofistir');
    expect(page).not.toContain('yalnızca kart sahibinin sizinle');
  });

  it('on a personal card stays the owner’s', () => {
    const page = render(false);
    expect(page).toContain('yalnızca kart sahibinin sizinle');
    expect(page).not.toContain('veri sorumlusu bu ofistir');
  });
});
