import type { Dispatch } from 'react';
import type { Bindings, FieldBinding } from './bindings.ts';
import { IbanField, SelectField, TextField } from './fields.tsx';
import type { ProfileFormAction } from './form-state.ts';
import {
  BANK_CURRENCIES,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  labelOf,
} from './options.ts';
import {
  newBankAccount,
  newPaymentMethod,
  newSocialLink,
  type BankAccountRow,
  type ListKey,
  type PaymentMethodRow,
  type ProfileFormValues,
  type RowField,
} from './profile-form.ts';
import { AddButton, EmptyList, ListRow, Section } from './section.tsx';
import { socialProfileUrl } from './social-links.ts';
import { LockedField, useProfileLock } from './office-lock.tsx';

interface Props {
  readonly values: ProfileFormValues;
  readonly bind: Bindings;
  readonly dispatch: Dispatch<ProfileFormAction>;
  /** Called after a row was added, with the path of the input to focus. */
  readonly onRowAdded: (path: string) => void;
}

const PLATFORM_OPTIONS = SOCIAL_PLATFORMS.map((value) => ({ value, label: labelOf(SOCIAL_PLATFORM_LABELS, value) }));
const CURRENCY_OPTIONS = BANK_CURRENCIES.map((value) => ({ value, label: value }));
const PAYMENT_OPTIONS = PAYMENT_TYPES.map((value) => ({ value, label: labelOf(PAYMENT_TYPE_LABELS, value) }));

function removeRow(dispatch: Dispatch<ProfileFormAction>, list: ListKey, index: number) {
  dispatch({ type: 'rowRemoved', list, index });
}

export function SocialSection({ values, bind, dispatch, onRowAdded }: Props) {
  const rows = values.socialLinks;
  return (
    <Section
      id="profil-sosyal"
      description="Instagram, X, LinkedIn, Facebook ve GitHub için kullanıcı adını yazmanız yeterli; bağlantı kendiliğinden dolar."
    >
      {rows.length === 0 && <EmptyList>Henüz sosyal medya hesabı eklemediniz.</EmptyList>}
      {rows.map((row, index) => {
        const platformName = labelOf(SOCIAL_PLATFORM_LABELS, row.platform);
        const filled = socialProfileUrl(row.platform, row.username);
        return (
          <ListRow
            key={row.key}
            legend={`Sosyal hesap ${index + 1}`}
            removeLabel={`Sosyal hesap ${index + 1} (${platformName}) kaldır`}
            onRemove={() => removeRow(dispatch, 'socialLinks', index)}
          >
            <SelectField label="Platform" options={PLATFORM_OPTIONS} {...bind.social(index, 'platform')} />
            <TextField
              label="Kullanıcı adı"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="kullaniciadi"
              {...bind.social(index, 'username')}
            />
            <TextField
              label="Bağlantı"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              wide
              hint={
                filled !== null && filled === row.url ? 'Kullanıcı adından dolduruldu; değiştirebilirsiniz.' : undefined
              }
              {...bind.social(index, 'url')}
            />
          </ListRow>
        );
      })}
      <AddButton
        label="Sosyal Hesap Ekle"
        onAdd={() => {
          dispatch({ type: 'rowAdded', list: 'socialLinks', row: newSocialLink() });
          onRowAdded(`socialLinks.${rows.length}.platform`);
        }}
      />
    </Section>
  );
}

interface RowsProps<Row> {
  readonly rows: readonly Row[];
  /** The input of one row's field: its path, value, message and handlers. */
  readonly field: (index: number, name: string) => FieldBinding;
  readonly onAdd: () => void;
  readonly onRemove: (index: number) => void;
}

/** The bank account rows, for any owner of card values (the profile, an office): values and callbacks in. */
export function BankAccountRows({ rows, field, onAdd, onRemove }: RowsProps<BankAccountRow>) {
  return (
    <>
      {rows.length === 0 && <EmptyList>Henüz banka hesabı eklemediniz.</EmptyList>}
      {rows.map((row, index) => (
        <ListRow
          key={row.key}
          legend={`Banka hesabı ${index + 1}`}
          removeLabel={`Banka hesabı ${index + 1} kaldır`}
          onRemove={() => onRemove(index)}
        >
          <TextField label="Banka adı" autoComplete="off" {...field(index, 'bankName')} />
          <TextField label="Hesap sahibi" autoComplete="off" {...field(index, 'accountHolder')} />
          <IbanField label="IBAN" {...field(index, 'iban')} />
          <TextField
            label="Hesap numarası"
            inputMode="numeric"
            autoComplete="off"
            optional
            {...field(index, 'accountNumber')}
          />
          <TextField
            label="Şube kodu"
            inputMode="numeric"
            autoComplete="off"
            optional
            {...field(index, 'branchCode')}
          />
          <TextField
            label="SWIFT / BIC"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            optional
            {...field(index, 'swiftCode')}
          />
          <SelectField label="Para birimi" options={CURRENCY_OPTIONS} {...field(index, 'currency')} />
        </ListRow>
      ))}
      <AddButton label="Banka Hesabı Ekle" onAdd={onAdd} />
    </>
  );
}

/** The payment method rows, for any owner of card values: values and callbacks in. */
export function PaymentMethodRows({ rows, field, onAdd, onRemove }: RowsProps<PaymentMethodRow>) {
  return (
    <>
      {rows.length === 0 && <EmptyList>Henüz ödeme yöntemi eklemediniz.</EmptyList>}
      {rows.map((row, index) => (
        <ListRow
          key={row.key}
          legend={`Ödeme yöntemi ${index + 1}`}
          removeLabel={`Ödeme yöntemi ${index + 1} (${labelOf(PAYMENT_TYPE_LABELS, row.type)}) kaldır`}
          onRemove={() => onRemove(index)}
        >
          <SelectField label="Ödeme türü" options={PAYMENT_OPTIONS} {...field(index, 'type')} />
          <TextField label="Hesap adı" autoComplete="off" {...field(index, 'accountName')} />
          <TextField
            label="Hesap ID"
            autoComplete="off"
            spellCheck={false}
            hint="E-posta, kullanıcı adı veya hesap numarası"
            {...field(index, 'accountId')}
          />
          <TextField
            label="QR kod görseli adresi"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            optional
            wide
            hint="Ziyaretçiler bu QR kodu tarayarak ödeme yapabilir."
            {...field(index, 'qrCode')}
          />
        </ListRow>
      ))}
      <AddButton label="Ödeme Yöntemi Ekle" onAdd={onAdd} />
    </>
  );
}

export function BankSection({ values, bind, dispatch, onRowAdded }: Props) {
  const rows = values.bankAccounts;
  const holder = [values.firstName, values.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const lock = useProfileLock('bankAccounts');
  return (
    <Section id="profil-banka" description="Ziyaretçileriniz IBAN’ınızı kartınızdan tek dokunuşla kopyalayabilir.">
      {lock ? (
        <LockedField lock={lock} />
      ) : (
        <BankAccountRows
          rows={rows}
          field={(index, name) => bind.bank(index, name as RowField<'bankAccounts'>)}
          onRemove={(index) => removeRow(dispatch, 'bankAccounts', index)}
          onAdd={() => {
            dispatch({ type: 'rowAdded', list: 'bankAccounts', row: newBankAccount(holder) });
            onRowAdded(`bankAccounts.${rows.length}.bankName`);
          }}
        />
      )}
    </Section>
  );
}

export function PaymentSection({ values, bind, dispatch, onRowAdded }: Props) {
  const rows = values.paymentMethods;
  const lock = useProfileLock('paymentMethods');
  return (
    <Section id="profil-odeme" description="PayPal, kredi kartı bağlantısı veya başka bir ödeme hesabı ekleyin.">
      {lock ? (
        <LockedField lock={lock} />
      ) : (
        <PaymentMethodRows
          rows={rows}
          field={(index, name) => bind.payment(index, name as RowField<'paymentMethods'>)}
          onRemove={(index) => removeRow(dispatch, 'paymentMethods', index)}
          onAdd={() => {
            dispatch({ type: 'rowAdded', list: 'paymentMethods', row: newPaymentMethod() });
            onRowAdded(`paymentMethods.${rows.length}.type`);
          }}
        />
      )}
    </Section>
  );
}
