import { PRODUCT_MESSAGES } from './messages.ts';
import { PRODUCT_PRICE_MAX } from './model.ts';

/** Amounts as Turkish people write them (docs/decisions/0046-turkish-prices-and-phone-forms.md): read and shown. */

/** Spaces a person or a formatter may put between thousands: space, no-break space, narrow no-break space. */
const GROUP_SPACE = '[ \\u00a0\\u202f]';
const TURKISH_DOT_GROUPS = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/;
const TURKISH_SPACE_GROUPS = new RegExp(`^(\\d{1,3}(?:${GROUP_SPACE}\\d{3})+)(?:,(\\d+))?$`);
const DECIMAL_COMMA = /^(\d+),(\d+)$/;
const DECIMAL_POINT = /^(\d+)(?:\.(\d+))?$/;

/**
 * A typed amount as its whole and fraction digits, read the Turkish way (docs/decisions/0046-turkish-prices.md):
 * thousands grouped with '.' or a space, decimals after ','. '8.750.000', '8 750 000', '8.750.000,50', '12,5' and
 * '8750000' all read; so does '8750000.50' (a single '.' with one or two digits cannot be a thousands group). A '.'
 * followed by three digits is a thousands group: '8.750' is 8750. Null when it is none of these.
 */
function moneyDigits(written: string): { readonly whole: string; readonly fraction: string } | null {
  const grouped = TURKISH_DOT_GROUPS.exec(written) ?? TURKISH_SPACE_GROUPS.exec(written);
  if (grouped) return { whole: (grouped[1] ?? '').replace(/\D/g, ''), fraction: grouped[2] ?? '' };
  const plain = DECIMAL_COMMA.exec(written) ?? DECIMAL_POINT.exec(written);
  if (plain) return { whole: plain[1] ?? '', fraction: plain[2] ?? '' };
  return null;
}

/**
 * A money amount: ≥ 0 in steps of 0.01 (SPEC §9). A JSON number is taken as it is (8750000.5); a text is read the
 * Turkish way (`moneyDigits`). Read from its decimal digits, not by multiplying floats (1.005 * 100 is 100.49999…):
 * 12.50 and '12,5' pass, 12.505 and '12,505' do not. Null when blank.
 */
export function parseProductMoney(
  raw: unknown,
): { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly message: string } {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  let digits: { readonly whole: string; readonly fraction: string } | null;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return { ok: false, message: PRODUCT_MESSAGES.productPriceInvalid };
    // A JSON number's shortest decimal text ('8750000.5'): its point is always the decimal point.
    const number = DECIMAL_POINT.exec(String(raw));
    digits = number ? { whole: number[1] ?? '', fraction: number[2] ?? '' } : null;
  } else if (typeof raw === 'string') {
    const written = raw.trim();
    if (written === '') return { ok: true, value: null };
    digits = moneyDigits(written);
  } else {
    return { ok: false, message: PRODUCT_MESSAGES.productPriceInvalid };
  }
  if (digits === null) return { ok: false, message: PRODUCT_MESSAGES.productPriceInvalid };
  if (digits.fraction.length > 2) return { ok: false, message: PRODUCT_MESSAGES.productPriceStep };
  const value = Number(digits.fraction ? `${digits.whole}.${digits.fraction}` : digits.whole);
  if (value > PRODUCT_PRICE_MAX) return { ok: false, message: PRODUCT_MESSAGES.productPriceTooHigh };
  return { ok: true, value };
}

const WHOLE_LIRAS = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const WITH_KURUS = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount as the product form shows it once read: Turkish grouping, and kuruş only when there are some
 * (8750000 → '8.750.000', 12.5 → '12,50'). `parseProductMoney` reads it back to the same amount.
 */
export function formatProductMoney(value: number): string {
  return (Number.isInteger(value) ? WHOLE_LIRAS : WITH_KURUS).format(value);
}

