import { describe, expect, it } from 'vitest';
import type { PageAssets } from '../html/assets.ts';
import { HOSTILE, OWNER, expectHarmless } from '../html/expect-harmless.ts';
import type { TeamRow } from './load.ts';
import { renderOfficePage, renderOfficeUnavailable } from './render.ts';
import { brandTint, toOfficePageView } from './view.ts';

/**
 * Rendering of /o/{slug}: what an office shows, in Turkish; hostile text stays text; links only where they are safe;
 * the team in the order the read model gives, each to their card; headings in order.
 */

const ASSETS: PageAssets = { css: '', scriptUrl: '/assets/office-page.js', modulePreloads: [] };
const OFFICE_ID = '7d1c2b4a-1111-4222-8333-444455556666';
const LOGO = `/media/offices/${OFFICE_ID}/${'cd'.repeat(16)}.png`;
const PHOTO = `/media/profiles/${OWNER}/${'ef'.repeat(16)}.jpg`;

function office(details: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  return {
    officeId: OFFICE_ID,
    slug: 'cinar-emlak',
    logoUrl: LOGO,
    template: { fields: [], locked: [] },
    details: {
      name: 'Çınar Emlak',
      company: 'Çınar Gayrimenkul Danışmanlığı Ltd. Şti.',
      address: 'Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul',
      location: { lat: 40.987654, lng: 29.025432 },
      phone: '+902163334455',
      email: 'ofis@cinaremlak.com.tr',
      website: 'https://www.cinaremlak.com.tr',
      licenceNumber: '3400123',
      primaryColor: '#0e7490',
      theme: 'ocean',
      ...details,
    },
    ...fields,
  };
}

const member = (cardId: string, profile: Record<string, unknown>): TeamRow => ({ cardId, profile });

const TEAM: TeamRow[] = [
  member('KV-AYSE01', {
    title: 'Dr.',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    jobTitle: 'Gayrimenkul Danışmanı',
    profilePicture: PHOTO,
  }),
  member('VC-MEHMET', { firstName: 'Mehmet', lastName: 'Öztürk', jobTitle: '' }),
];

function page(officeRow: unknown = office(), team: readonly TeamRow[] = TEAM) {
  const view = toOfficePageView({ office: officeRow, team, publicBaseUrl: 'https://kart.example' });
  if (!view) throw new Error('the office shows nothing');
  return { view, html: renderOfficePage(view, ASSETS) };
}

describe('the office page', () => {
  it('shows the logo, name, company, yetki belgesi and contact links, canonical and not indexed', () => {
    const { html } = page();
    expect(html).toMatch(/^<!doctype html>\n<html lang="tr" class="theme-ocean">/);
    expect(html).toContain('<title>Çınar Emlak · Dijital Kartvizit</title>');
    expect(html).toContain(`<img class="op-logo__img" src="${LOGO}" alt="Çınar Emlak logosu"`);
    expect(html).toContain('<h1 class="op-name">Çınar Emlak</h1>');
    expect(html).toContain('<p class="op-company">Çınar Gayrimenkul Danışmanlığı Ltd. Şti.</p>');
    expect(html).toContain('Taşınmaz Ticareti Yetki Belgesi No: 3400123');
    expect(html).toContain('href="tel:+902163334455"');
    expect(html).toContain('href="mailto:ofis@cinaremlak.com.tr"');
    expect(html).toContain('href="https://www.cinaremlak.com.tr" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('>cinaremlak.com.tr</span>');
    expect(html).toContain('<span class="pc-item__value">(0216) 333 44 55</span>');
    // As typed: a national number and a bare host.
    const typed = page(office({ phone: '0216 333 44 55', website: 'cinaremlak.com.tr' })).html;
    expect(typed).toContain('href="tel:+902163334455"');
    expect(typed).toContain('href="https://cinaremlak.com.tr" target="_blank"');
    expect(html).toContain('<link rel="canonical" href="https://kart.example/o/cinar-emlak">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<meta property="og:image" content="https://kart.example${LOGO}">`);
  });

  it('draws the map the way the card page does: a box with the coordinates, the button, directions', () => {
    const { html } = page();
    expect(html).toContain('<div class="pc-map" data-lat="40.987654" data-lng="29.025432">');
    expect(html).toContain('data-map-load>Haritayı Göster</button>');
    expect(html).toContain('<p class="pc-map__status" data-map-status role="status"></p>');
    expect(html).toContain('https://www.google.com/maps/dir/?api=1&amp;destination=40.987654%2C29.025432');
    expect(html).toContain('Waze');
    expect(html).toContain('Kadıköy/İstanbul');
    // Without coordinates: the address and its directions, no map box and no Waze.
    const noPin = page(office({ location: null })).html;
    expect(noPin).not.toContain('class="pc-map"');
    expect(noPin).toContain('Google Haritalar');
    expect(noPin).not.toContain('Waze');
    // Neither address nor place: no location section at all.
    expect(page(office({ location: null, address: '' })).html).not.toContain('Konum');
  });

  it("lists 'Ekibimiz' in the given order, each member linking to their card with photo, name and title", () => {
    const { html, view } = page();
    expect(view.team.map((person) => person.cardUrl)).toEqual(['/p/KV-AYSE01', '/p/VC-MEHMET']);
    expect(html).toContain('<h2 class="pc-h2" id="op-team-h">Ekibimiz</h2>');
    expect(html).toContain('2 danışman');
    expect(html).toContain(
      `<a class="op-member__link" href="/p/KV-AYSE01"><span class="op-member__photo"><img class="op-member__img" src="${PHOTO}" alt=""`,
    );
    expect(html).toContain(
      '<span class="op-member__name">Dr. Ayşe Yılmaz</span><span class="op-member__job">Gayrimenkul Danışmanı</span>',
    );
    expect(html).toContain('<span class="op-member__initials" aria-hidden="true">MÖ</span>');
    expect(page(office(), []).html).not.toContain('op-team-h');
  });

  it('keeps headings in order: one h1, then h2s, nothing deeper skipped', () => {
    const levels = [...page().html.matchAll(/<h([1-6])/g)].map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let index = 1; index < levels.length; index += 1)
      expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
  });

  it('keeps hostile text inside its element and attribute, and unsafe links and colours out', () => {
    const hostile = office({
      name: HOSTILE,
      company: HOSTILE,
      address: HOSTILE,
      licenceNumber: HOSTILE,
      phone: HOSTILE,
      email: `${HOSTILE}@x.com`,
      website: 'javascript:alert(1)',
      primaryColor: 'red;background:url(https://x.example/a)',
      theme: HOSTILE,
      location: { lat: HOSTILE, lng: 1 },
    });
    const { html, view } = page({ ...hostile, logoUrl: 'https://x.example/logo.png' }, [
      member('KV-AYSE01', { firstName: HOSTILE, lastName: HOSTILE, jobTitle: HOSTILE, profilePicture: 'javascript:x' }),
      member('"><script>', { firstName: 'Sahte', lastName: 'Kart' }),
    ]);
    expectHarmless(html, 2);
    expect(view.contacts).toEqual([]);
    expect(view.tint).toBeNull();
    expect(view.theme).toBe('classic');
    expect(view.logo).toBeNull();
    expect(view.location?.coordinates).toBeNull();
    expect(view.team.map((person) => person.cardUrl)).toEqual(['/p/KV-AYSE01']);
    expect(html).not.toContain('style="');
    expect(html).toContain('<h1 class="op-name">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    const block = /<script type="application\/json" id="op-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(block) as { text: { mapLoading: string } }).text.mapLoading).toBe('Harita yükleniyor...');
  });

  it('tints the header with the brand colour and picks the text colour that reads on it', () => {
    expect(page().html).toContain('style="--op-brand:#0e7490;--op-on-brand:#ffffff"');
    expect(brandTint('#fde047')).toEqual({ background: '#fde047', foreground: '#0f172a' });
    expect(brandTint('#1E3A8A')).toEqual({ background: '#1e3a8a', foreground: '#ffffff' });
    expect(brandTint('')).toBeNull();
    expect(page(office({ primaryColor: '' })).html).not.toContain('--op-brand');
  });

  it('leaves out the company when it is the name, and the yetki belgesi when there is none', () => {
    const html = page(office({ company: 'ÇINAR EMLAK', licenceNumber: '' })).html;
    expect(html).not.toContain('op-company');
    expect(html).not.toContain('Yetki Belgesi');
  });

  it('shows nothing of a forgotten office (its name reads empty) or a row that is not an office', () => {
    const forgotten = office({ name: '' });
    expect(toOfficePageView({ office: forgotten, team: TEAM, publicBaseUrl: 'https://kart.example' })).toBeNull();
    expect(toOfficePageView({ office: null, team: [], publicBaseUrl: 'https://kart.example' })).toBeNull();
  });

  it("answers 'Ofis bulunamadı' with the same bytes for every office", () => {
    const notFound = renderOfficeUnavailable('not-found', ASSETS);
    expect(notFound).toContain('<h1 class="pc-state__title">Ofis bulunamadı</h1>');
    expect(notFound).toContain('Aradığınız ofis bulunamadı veya artık mevcut değil.');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(renderOfficeUnavailable('not-found', ASSETS)).toBe(notFound);
    expect(renderOfficeUnavailable('error', ASSETS)).toContain('Ofis yüklenirken bir hata oluştu');
  });
});
