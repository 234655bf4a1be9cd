import { describe, expect, it } from 'vitest';
import {
  PROFILE_THEMES,
  VIDEO_BACKGROUND_DESIGNS,
  VIDEO_BACKGROUND_SHAPES,
  VIDEO_BACKGROUND_SIZES,
} from '@kartvizit/schemas';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import { contrastRatio } from '@kartvizit/schemas/share/rules';
import { fitText, layoutBackground, measureText, mix, themeColours, type MeasureText } from './images.ts';

/** A font where every letter is 0.6 of the size wide: widths are easy to reason about. */
const even: MeasureText = async (text, size) => [...text].length * size * 0.6;

const LONG = readStoredProfile({
  title: 'Prof. Dr.',
  firstName: 'İsmail Hakkı Şükrü Çağlayan',
  lastName: 'Güneşoğlu-Öztürkmenoğulları',
  jobTitle: 'Kıdemli Gayrimenkul Yatırım Danışmanı ve Bölge Müdürü',
  company: 'Işıklı Üçgen Gayrimenkul Değerleme ve Danışmanlık A.Ş.',
  theme: 'forest',
});

describe('fitting a line of text', () => {
  it('keeps the largest size when the text fits', async () => {
    expect(await fitText('Ayşe Yılmaz', 400, { max: 50, min: 30 }, true, even)).toEqual({
      text: 'Ayşe Yılmaz',
      size: 50,
    });
  });

  it('shrinks a longer text down to the smallest size', async () => {
    // 20 letters × 0.6 × 50 = 600 px at the largest size; 400 px allow 33.
    const fitted = await fitText('x'.repeat(20), 400, { max: 50, min: 30 }, true, even);
    expect(fitted).toEqual({ text: 'x'.repeat(20), size: 33 });
  });

  it('ends a text too long even at the smallest size with an ellipsis, cut between letters', async () => {
    const fitted = await fitText('Güneşoğlu Öztürkmenoğulları Çağlayan', 300, { max: 50, min: 30 }, true, even);
    expect(fitted.size).toBe(30);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(await even(fitted.text, 30, true)).toBeLessThanOrEqual(300);
    // One letter more would not fit.
    expect([...fitted.text].length).toBe(Math.floor(300 / 18));
  });

  it('measures with the fonts librsvg draws with: Turkish letters included, wider text wider', async () => {
    const short = await measureText('Işıl', 50, true);
    const long = await measureText('Işıl Güneş Çağlayan', 50, true);
    expect(short).toBeGreaterThan(40);
    expect(long).toBeGreaterThan(short * 3);
    expect(await measureText('', 50, true)).toBe(0);
  });
});

describe('theme colours', () => {
  it('takes the darker colour of every theme for text, readable on the lighter one', () => {
    for (const theme of PROFILE_THEMES) {
      const { strong, soft } = themeColours(theme.value);
      expect(contrastRatio(strong, soft), theme.value).toBeGreaterThanOrEqual(4.5);
    }
    expect(themeColours('no-such-theme')).toEqual(themeColours('classic'));
  });

  it('mixes two colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#4f46e5', '#ffffff', 0)).toBe('#4f46e5');
  });
});

describe('the background drawing', () => {
  for (const shape of VIDEO_BACKGROUND_SHAPES) {
    for (const design of VIDEO_BACKGROUND_DESIGNS) {
      it(`${design}, ${shape}: its size, the code in the top-right corner, every line inside the picture`, async () => {
        const layout = await layoutBackground(
          { profile: LONG, design, shape, logoHref: null, qrBackground: '#ffffff' },
          even,
        );
        const { width, height } = VIDEO_BACKGROUND_SIZES[shape];
        expect([layout.width, layout.height]).toEqual([width, height]);
        expect(layout.svg).toContain(`width="${width}" height="${height}"`);
        // The code sits in the upper corner, away from the speaker in the middle and below.
        expect(layout.qr.x + layout.qr.size).toBeLessThanOrEqual(width - 64);
        expect(layout.qr.x).toBeGreaterThan(width / 2);
        expect(layout.qr.y + layout.qr.size).toBeLessThan(height * 0.4);
        for (const [, x, anchor, size, text] of layout.svg.matchAll(
          /<text x="([\d.]+)" y="[\d.]+" text-anchor="(start|end)"[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g,
        )) {
          const drawn = await even(text ?? '', Number(size), true);
          const left = anchor === 'end' ? Number(x) - drawn : Number(x);
          expect(left, text).toBeGreaterThanOrEqual(0);
          // Never over the code's card.
          expect(left + drawn, text).toBeLessThanOrEqual(layout.qr.x - 14);
        }
      });
    }
  }

  it('escapes what the owner typed, and draws in the theme', async () => {
    const profile = readStoredProfile({ firstName: '<b>Ayşe</b>', lastName: '& "Yılmaz"', theme: 'sunset' });
    const layout = await layoutBackground(
      { profile, design: 'serit', shape: 'wide', logoHref: null, qrBackground: '#ffffff' },
      even,
    );
    expect(layout.svg).toContain('&lt;b&gt;Ayşe&lt;/b&gt; &amp; &quot;Yılmaz&quot;');
    expect(layout.svg).not.toContain('<b>');
    expect(layout.svg).toContain('fill="#c2410c"');
  });
});
