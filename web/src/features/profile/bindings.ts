import type { Dispatch } from 'react';
import type { OwnerLanguage } from '@kartvizit/schemas/language/model';
import type { ProfileTranslatedField } from '@kartvizit/schemas/profile/model';
import { fieldPath, type ProfileFormAction, type ProfileFormState } from './form-state.ts';
import type { AddressValues, CompanyInfoValues, InvoiceInfoValues, RowField, ScalarField } from './profile-form.ts';

/** What a text input of the profile form needs: its path, value, message and the two handlers. */
export interface FieldBinding {
  readonly path: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onValue: (value: string) => void;
  readonly onBlur: () => void;
}

export type Bindings = ReturnType<typeof makeBindings>;

/**
 * Wires inputs to the form state: typing clears the field's message, leaving the field checks it
 * again with the shared rules (`check`).
 */
export function makeBindings(
  state: ProfileFormState,
  dispatch: Dispatch<ProfileFormAction>,
  check: (path: string) => void,
  onAddressEdited: (field: keyof AddressValues, value: string) => void,
) {
  const { values, errors } = state;
  const binding = (path: string, value: string, onValue: (value: string) => void): FieldBinding => ({
    path,
    value,
    error: errors[path],
    onValue,
    onBlur: () => check(path),
  });

  return {
    scalar: (field: ScalarField) =>
      binding(field, values[field], (value) => dispatch({ type: 'scalarChanged', field, value })),
    address: (field: keyof AddressValues) =>
      binding(fieldPath('address', field), values.address[field], (value) => {
        dispatch({ type: 'groupChanged', group: 'address', field, value });
        onAddressEdited(field, value);
      }),
    company: (field: keyof CompanyInfoValues) =>
      binding(fieldPath('companyInfo', field), values.companyInfo[field], (value) =>
        dispatch({ type: 'groupChanged', group: 'companyInfo', field, value }),
      ),
    invoice: (field: keyof InvoiceInfoValues) =>
      binding(fieldPath('invoiceInfo', field), values.invoiceInfo[field], (value) =>
        dispatch({ type: 'groupChanged', group: 'invoiceInfo', field, value }),
      ),
    social: (index: number, field: RowField<'socialLinks'>) =>
      binding(fieldPath('socialLinks', index, field), values.socialLinks[index]?.[field] ?? '', (value) =>
        dispatch({ type: 'rowChanged', list: 'socialLinks', index, field, value }),
      ),
    bank: (index: number, field: RowField<'bankAccounts'>) =>
      binding(fieldPath('bankAccounts', index, field), values.bankAccounts[index]?.[field] ?? '', (value) =>
        dispatch({ type: 'rowChanged', list: 'bankAccounts', index, field, value }),
      ),
    translation: (language: OwnerLanguage, field: ProfileTranslatedField) =>
      binding(fieldPath('translations', language, field), values.translations[language][field], (value) =>
        dispatch({ type: 'translationChanged', language, field, value }),
      ),
    payment: (index: number, field: RowField<'paymentMethods'>) =>
      binding(fieldPath('paymentMethods', index, field), values.paymentMethods[index]?.[field] ?? '', (value) =>
        dispatch({ type: 'rowChanged', list: 'paymentMethods', index, field, value }),
      ),
  };
}
