import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';

// Formatters are built once: Intl constructors are slow enough to show up in long lists.
const numberFormat = new Intl.NumberFormat(LOCALE);
const currencyFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatMoney(value: number, currency = 'TRY'): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    currencyFormats.set(currency, format);
  }
  return format.format(value);
}

/** Turkish long date with time, e.g. "21 Kasım 2025 14:05". */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return dateTimeFormat.format(date);
}

/** SPEC §5: a product's price is shown only when it has one (non-zero) and the owner shows it. */
export function formatProductPrice(price: {
  readonly value: number;
  readonly currency: string;
  readonly isDisplayed: boolean;
}): string | null {
  if (!price.isDisplayed || !(price.value > 0)) return null;
  return formatMoney(price.value, price.currency);
}
