import { MESSAGES } from '@kartvizit/schemas/messages';
import { PROFILE_MESSAGES, PROFILE_VALIDATION_MESSAGES } from '@kartvizit/schemas/profile/messages';
import { normaliseEmail } from '@kartvizit/schemas/text';
import { isValidEmail, nameProblem } from '@kartvizit/schemas/auth/rules';
import { OWNER_LANGUAGES } from '@kartvizit/schemas/language/model';
import { PROFILE_TEXT_LIMITS, PROFILE_TRANSLATED_FIELDS } from '@kartvizit/schemas/profile/model';
import type * as ProfileRules from '@kartvizit/schemas/profile/rules';
import type { FieldErrors } from './form-state.ts';
import {
  ADDRESS_FIELDS,
  formFieldOf,
  INVOICE_FIELDS,
  isBlankBankAccount,
  isBlankPaymentMethod,
  isBlankSocialLink,
  toProfileInput,
  type ProfileFormValues,
} from './profile-form.ts';
import { socialProfileUrl } from './social-links.ts';

/**
 * The shared profile rules (schemas/profile/rules) applied to the form, keyed by the dotted
 * paths the server also answers with, so the screen says before sending what the server would.
 *
 * That module carries the full phone-number metadata (~150 kB), so it is its own chunk: the
 * screen starts loading it when the form opens and checks fields once it has arrived.
 */
export type Rules = typeof ProfileRules;

let rules: Promise<Rules> | null = null;

export function loadProfileRules(): Promise<Rules> {
  rules ??= import('@kartvizit/schemas/profile/rules').catch((error: unknown) => {
    // A failed download (deploy in between, network) may be retried on the next check.
    rules = null;
    throw error;
  });
  return rules;
}

/** Every problem the rules find, one message per field, in the order of the form. */
export function profileFormProblems(rules: Rules, values: ProfileFormValues, currentYear: number): FieldErrors {
  const problems: Record<string, string> = {};
  const report = (path: string, message: string | null | undefined) => {
    if (message && !(path in problems)) problems[path] = message;
  };
  const limit = (path: string, value: string) => {
    const generic = path.replace(/\.\d+(?=\.)/gu, '') as keyof typeof PROFILE_TEXT_LIMITS;
    const max: number | undefined = PROFILE_TEXT_LIMITS[generic];
    if (max !== undefined && value.trim().length > max) report(path, PROFILE_VALIDATION_MESSAGES.tooLong(path, max));
  };
  const webUrl = (path: string, value: string) => {
    limit(path, value);
    if (value.trim() === '') return;
    const result = rules.normaliseWebUrl(value);
    if (!result.ok) report(path, result.message);
  };
  const taxNumber = (path: string, value: string) => {
    if (value.trim() !== '') report(path, rules.taxNumberProblem(value));
  };

  for (const field of ['title', 'jobTitle', 'company', 'bio', 'theme'] as const) limit(field, values[field]);
  for (const field of ['firstName', 'lastName'] as const) {
    const name = values[field].trim();
    limit(field, name);
    if (name !== '') report(field, nameProblem(name));
  }
  const phone = values.phone.trim();
  if (phone !== '' && !rules.parseProfilePhone(phone)) report('phone', PROFILE_MESSAGES.profileInvalidPhone);
  const email = values.email.trim();
  if (email !== '' && !isValidEmail(normaliseEmail(email))) report('email', MESSAGES.invalidEmail);
  webUrl('website', values.website);

  for (const field of ADDRESS_FIELDS) limit(`address.${field}`, values.address[field]);
  taxNumber('companyInfo.taxNumber', values.companyInfo.taxNumber);
  limit('companyInfo.taxOffice', values.companyInfo.taxOffice);
  const year = values.companyInfo.foundedYear.trim();
  if (year !== '') {
    report(
      'companyInfo.foundedYear',
      /^\d{1,4}$/u.test(year)
        ? rules.foundedYearProblem(Number(year), currentYear)
        : PROFILE_MESSAGES.profileInvalidFoundedYear,
    );
  }
  const yetki = rules.parseYetkiBelgesiNo(values.yetkiBelgesiNo);
  if (!yetki.ok) report('yetkiBelgesiNo', yetki.message);
  taxNumber('invoiceInfo.taxId', values.invoiceInfo.taxId);
  for (const field of INVOICE_FIELDS) limit(`invoiceInfo.${field}`, values.invoiceInfo[field]);

  values.socialLinks.forEach((row, index) => {
    if (isBlankSocialLink(row)) return;
    const path = `socialLinks.${index}`;
    const username = row.username.trim().replace(/^@+/u, '');
    limit(`${path}.username`, username);
    if (
      username !== '' &&
      socialProfileUrl(row.platform, 'ok') !== null &&
      socialProfileUrl(row.platform, username) === null
    ) {
      report(`${path}.username`, PROFILE_MESSAGES.profileInvalidUsername);
    }
    webUrl(`${path}.url`, row.url);
    if (row.url.trim() === '' && socialProfileUrl(row.platform, username) === null) {
      report(`${path}.url`, PROFILE_MESSAGES.profileSocialLinkIncomplete);
    }
  });

  values.bankAccounts.forEach((row, index) => {
    if (isBlankBankAccount(row)) return;
    const path = `bankAccounts.${index}`;
    limit(`${path}.bankName`, row.bankName);
    limit(`${path}.accountHolder`, row.accountHolder);
    if (row.iban.trim() !== '') report(`${path}.iban`, rules.ibanProblem(row.iban));
    else if (row.accountNumber.trim() === '') report(`${path}.iban`, PROFILE_MESSAGES.profileBankAccountIncomplete);
  });

  values.paymentMethods.forEach((row, index) => {
    if (isBlankPaymentMethod(row)) return;
    const path = `paymentMethods.${index}`;
    limit(`${path}.accountName`, row.accountName);
    limit(`${path}.accountId`, row.accountId);
    webUrl(`${path}.qrCode`, row.qrCode);
    if (row.accountId.trim() === '' && row.qrCode.trim() === '') {
      report(`${path}.accountId`, PROFILE_MESSAGES.profilePaymentMethodIncomplete);
    }
  });

  // 'Diğer Diller': each text limited as its Turkish field is, named with its language ('Hakkında (İngilizce) …').
  for (const language of OWNER_LANGUAGES) {
    const own = values.translations[language];
    if (!own.on) continue;
    for (const field of PROFILE_TRANSLATED_FIELDS) {
      const path = `translations.${language}.${field}`;
      const max = PROFILE_TEXT_LIMITS[field];
      if (own[field].trim().length > max) report(path, PROFILE_VALIDATION_MESSAGES.tooLong(path, max));
    }
  }

  // Everything else the server checks (post codes, MERSİS, SWIFT, …): its first problem, too.
  const whole = rules.validateProfileInput(toProfileInput(values), { currentYear });
  if (!whole.ok && whole.problem.field) report(formFieldOf(whole.problem.field, values), whole.problem.message);
  return problems;
}
