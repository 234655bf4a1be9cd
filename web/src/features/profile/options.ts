/**
 * The profile's option lists with their Turkish labels, from the shared dependency-free module
 * (the validation rules carry the phone-number metadata, which the screen loads only when it checks
 * a form).
 */
export {
  BANK_CURRENCIES,
  DEFAULT_BANK_CURRENCY as DEFAULT_CURRENCY,
  DEFAULT_THEME,
  PAYMENT_METHOD_TYPES as PAYMENT_TYPES,
  PAYMENT_TYPE_LABELS,
  PROFILE_THEMES,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
} from '@kartvizit/schemas/profile/model';

export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}
