import { useRef, useState, type FormEvent } from 'react';
import { PROFILE_IMAGE_TOO_LARGE } from '@kartvizit/schemas/profile/model';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { OFFICE_DETAIL_LIMITS, OFFICE_NAME_MAX_LENGTH, type OfficeRole } from '@kartvizit/schemas/office/model';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import {
  useChangeOfficeLogoMutation,
  useRemoveOfficeLogoMutation,
  useLazyExportOfficeQuery,
  useUpdateOfficeDetailsMutation,
  type OfficeView,
} from './api.ts';
import { downloadText } from '../../shared/download.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import type { FieldBinding } from '../profile/bindings.ts';
import { imageFileProblem } from '../profile/image-files.ts';
import { ThemePicker } from '../profile/info-sections.tsx';
import { BankAccountRows, PaymentMethodRows } from '../profile/list-sections.tsx';
import { newBankAccount, newPaymentMethod, type RowField } from '../profile/profile-form.ts';
import { ImagePicker } from '../profile/visual-section.tsx';
import { bankAccountLine, paymentMethodLine, themeLabel } from './profile-locks.ts';
import '../profile/profile.css';
import { toast } from 'sonner';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { OfficeFrame } from './office-frame.tsx';
import { OfficeDeletion } from './office-deletion.tsx';
import { OfficeRems } from './office-rems.tsx';
import { OfficeSecurity } from './office-security.tsx';
import {
  DETAIL_LABELS,
  DETAIL_TEXT_FIELDS,
  detailsChanged,
  detailsFieldOf,
  detailsToForm,
  officeDetailsRequest,
  officePageAddress,
  type DetailTextField,
  type OfficeDetailsForm,
  roleLabel,
  withBankAccountChange,
  withPaymentMethodChange,
} from './office-forms.ts';

const LIMITS: Readonly<Record<DetailTextField, number>> = {
  name: OFFICE_NAME_MAX_LENGTH,
  ...OFFICE_DETAIL_LIMITS,
  primaryColor: 7,
  secondaryColor: 7,
};

const INPUT_TYPES: Partial<Record<DetailTextField, string>> = { phone: 'tel', email: 'email', website: 'url' };
const AUTOCOMPLETE: Partial<Record<DetailTextField, string>> = {
  name: 'organization',
  phone: 'tel',
  email: 'email',
  website: 'url',
  address: 'street-address',
};
const HINTS: Partial<Record<DetailTextField, string>> = {
  licenceNumber: 'Türkiye’de emlak ilanlarında gösterilmesi zorunludur; ofis kartlarında ve ofis sayfasında görünür.',
  primaryColor: '#rrggbb biçiminde, ör. #1d4ed8',
  secondaryColor: '#rrggbb biçiminde, ör. #f59e0b',
};

/** 'Ofisim': the office's details; its Yöneticis change them, its Danışmans read them. */
export function OfficeDetailsPage() {
  return (
    <OfficeFrame title="Ofisim" lead="Ofisinizin bilgileri; ofis kartlarında ve ofisin sayfasında görünür.">
      {(office, role) => (
        <>
          <OfficeLogo office={office} canEdit={role === 'admin'} />
          <OfficeDetailsForm key={office.id} office={office} role={role} />
          <OfficeRems office={office} role={role} />
          <OfficeSecurity office={office} role={role} />
          {role === 'admin' && <OfficeData office={office} />}
          {role === 'admin' && <OfficeDeletion office={office} />}
        </>
      )}
    </OfficeFrame>
  );
}

function OfficeDetailsForm({ office, role }: { readonly office: OfficeView; readonly role: OfficeRole }) {
  const [update, { isLoading: saving }] = useUpdateOfficeDetailsMutation();
  const [form, setForm] = useState<OfficeDetailsForm>(() => detailsToForm(office.details));
  const [problem, setProblem] = useState<{ readonly field: string; readonly message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const canEdit = role === 'admin';
  const changed = detailsChanged(form, office.details);

  const focus = (field: string) => {
    formRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = officeDetailsRequest(form, office.details.location);
    if (!request.ok) {
      setProblem(request);
      focus(request.field);
      return;
    }
    setProblem(null);
    const outcome = commandOutcome(await update({ officeId: office.id, details: request.body }));
    if (outcome.ok) {
      toast.success(outcome.response.message || OFFICE_MESSAGES.officeUpdated);
      return;
    }
    toastFailure(outcome);
    // The server's refusal about one field is shown beside it, like the screen's own.
    const field = outcome.problem?.field ? detailsFieldOf(outcome.problem.field, form) : null;
    if (field && formRef.current?.querySelector(`[name="${field}"]`)) {
      setProblem({ field, message: outcome.message });
      focus(field);
    }
  };

  /** A row's input, wired like the profile's: typing clears its message. */
  const rowField =
    (list: 'bankAccounts' | 'paymentMethods') =>
    (index: number, name: string): FieldBinding => {
      const path = `${list}.${index}.${name}`;
      return {
        path,
        value: form[list][index]?.[name as never] ?? '',
        error: problem?.field === path ? problem.message : undefined,
        onBlur: () => undefined,
        onValue: (value) => {
          if (problem?.field === path) setProblem(null);
          setForm((current) =>
            list === 'bankAccounts'
              ? withBankAccountChange(current, index, name as RowField<'bankAccounts'>, value)
              : withPaymentMethodChange(current, index, name as RowField<'paymentMethods'>, value),
          );
        },
      };
    };
  const pendingRowFocus = useRef<string | null>(null);
  const focusAdded = (element: HTMLFormElement | null) => {
    formRef.current = element;
    const target = pendingRowFocus.current;
    if (!element || target === null) return;
    const input = element.querySelector<HTMLElement>(`[name="${target}"]`);
    if (input) {
      pendingRowFocus.current = null;
      input.focus();
    }
  };

  return (
    <>
      <section className="panel office-summary" aria-label="Ofis özeti">
        <dl className="office-facts">
          <div>
            <dt>Rolünüz</dt>
            <dd>{roleLabel(role)}</dd>
          </div>
          <div>
            <dt>Üye sayısı</dt>
            <dd>{office.memberCount}</dd>
          </div>
          <div>
            <dt>Ofis sayfası</dt>
            <dd>
              <a className="office-address" href={`/o/${office.slug}`} target="_blank" rel="noreferrer">
                {officePageAddress(window.location.origin, office.slug)}
              </a>
            </dd>
          </div>
        </dl>
      </section>
      <form ref={focusAdded} className="panel office-form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="office-form__title">Ofis Bilgileri</h2>
        {!canEdit && <p className="office-note">Ofis bilgilerini yalnızca ofis yöneticileri değiştirebilir.</p>}
        <div className="office-form__grid">
          {DETAIL_TEXT_FIELDS.map((field) => (
            <CardTextField
              key={field}
              name={field}
              label={DETAIL_LABELS[field]}
              value={form[field]}
              type={INPUT_TYPES[field] ?? 'text'}
              autoComplete={AUTOCOMPLETE[field] ?? 'off'}
              maxLength={LIMITS[field]}
              readOnly={!canEdit}
              required={field === 'name'}
              hint={HINTS[field]}
              error={problem?.field === field ? problem.message : null}
              addon={
                field === 'primaryColor' || field === 'secondaryColor' ? (
                  <span
                    className="office-swatch"
                    style={{ background: form[field] || 'transparent' }}
                    aria-hidden="true"
                  />
                ) : undefined
              }
              onChange={(event) => {
                const { value } = event.target;
                setForm((current) => ({ ...current, [field]: value }));
              }}
            />
          ))}
        </div>
        <h2 className="office-form__title">Kart Değerleri</h2>
        <p className="office-note">
          Kart Şablonu’nda “Ofisten gelsin” seçilen alanlarda üyelerin kartları bu değerleri gösterir.
        </p>
        {canEdit ? (
          <>
            <div className={problem?.field === 'theme' ? 'office-theme office-theme--invalid' : 'office-theme'}>
              <ThemePicker
                value={form.theme}
                onValue={(theme) => {
                  if (problem?.field === 'theme') setProblem(null);
                  setForm((current) => ({ ...current, theme }));
                }}
              />
              {problem?.field === 'theme' && (
                <p className="pf-field__error" role="alert">
                  {problem.message}
                </p>
              )}
              {form.theme !== '' && (
                <button
                  type="button"
                  className="btn btn--secondary office-theme__clear"
                  onClick={() => setForm((current) => ({ ...current, theme: '' }))}
                >
                  Tema Seçimini Kaldır
                </button>
              )}
            </div>
            <fieldset className="office-list">
              <legend className="form-field__label">Banka hesapları</legend>
              <BankAccountRows
                rows={form.bankAccounts}
                field={rowField('bankAccounts')}
                onRemove={(index) => {
                  setProblem(null);
                  setForm((current) => ({
                    ...current,
                    bankAccounts: current.bankAccounts.filter((_, at) => at !== index),
                  }));
                }}
                onAdd={() => {
                  pendingRowFocus.current = `bankAccounts.${form.bankAccounts.length}.bankName`;
                  setForm((current) => ({
                    ...current,
                    bankAccounts: [...current.bankAccounts, newBankAccount(current.company || current.name)],
                  }));
                }}
              />
            </fieldset>
            <fieldset className="office-list">
              <legend className="form-field__label">Ödeme yöntemleri</legend>
              <PaymentMethodRows
                rows={form.paymentMethods}
                field={rowField('paymentMethods')}
                onRemove={(index) => {
                  setProblem(null);
                  setForm((current) => ({
                    ...current,
                    paymentMethods: current.paymentMethods.filter((_, at) => at !== index),
                  }));
                }}
                onAdd={() => {
                  pendingRowFocus.current = `paymentMethods.${form.paymentMethods.length}.type`;
                  setForm((current) => ({
                    ...current,
                    paymentMethods: [...current.paymentMethods, newPaymentMethod()],
                  }));
                }}
              />
            </fieldset>
          </>
        ) : (
          <dl className="office-facts office-facts--stacked">
            <div>
              <dt>Kart teması</dt>
              <dd>{themeLabel(office.details.theme) || 'Seçilmedi'}</dd>
            </div>
            <div>
              <dt>Banka hesapları</dt>
              <dd className="office-lines">
                {office.details.bankAccounts.map(bankAccountLine).join('\n') || 'Eklenmedi'}
              </dd>
            </div>
            <div>
              <dt>Ödeme yöntemleri</dt>
              <dd className="office-lines">
                {office.details.paymentMethods.map(paymentMethodLine).join('\n') || 'Eklenmedi'}
              </dd>
            </div>
          </dl>
        )}
        {canEdit && (
          <div className="office-form__actions">
            <button
              type="button"
              className="btn btn--ghost"
              disabled={!changed || saving}
              onClick={() => {
                setForm(detailsToForm(office.details));
                setProblem(null);
              }}
            >
              Vazgeç
            </button>
            <button type="submit" className="btn btn--primary" disabled={!changed || saving} aria-busy={saving}>
              {saving ? 'Kaydediliyor...' : 'Kaydet'}
            </button>
          </div>
        )}
      </form>
    </>
  );
}

const LOGO_TEXT = {
  title: 'Ofis logosu',
  hint: 'Ofis kartlarında (şablon verirse) ve ofis sayfasında görünür. Şeffaf arka planlı PNG önerilir.',
};

/** The office's logo: a Yönetici chooses, replaces or removes it (sent at once); a Danışman sees it. */
function OfficeLogo({ office, canEdit }: { readonly office: OfficeView; readonly canEdit: boolean }) {
  const [changeLogo] = useChangeOfficeLogoMutation();
  const [removeLogo, { isLoading: removing }] = useRemoveOfficeLogoMutation();
  const [uploading, setUploading] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (outcome: Parameters<typeof toastFailure>[0]) => {
    toastFailure(outcome);
    // 413 from the proxy may come without our shape: the profile's words for a logo too large.
    setError(
      outcome.problem?.message ?? (outcome.status === 413 ? PROFILE_IMAGE_TOO_LARGE.companyLogo : outcome.message),
    );
  };

  const choose = async (file: File) => {
    const problem = imageFileProblem('companyLogo', file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setUploading(file);
    const body = new FormData();
    body.append('companyLogo', file, file.name);
    const outcome = commandOutcome(await changeLogo({ officeId: office.id, body }));
    setUploading(null);
    if (outcome.ok) toast.success(outcome.response.message || OFFICE_MESSAGES.officeUpdated);
    else fail(outcome);
  };

  const remove = async () => {
    setError(null);
    const outcome = commandOutcome(await removeLogo(office.id));
    if (outcome.ok) toast.success(outcome.response.message || OFFICE_MESSAGES.officeUpdated);
    else fail(outcome);
  };

  return (
    <section
      className="panel office-form"
      aria-labelledby="office-logo-title"
      aria-busy={uploading !== null || removing}
    >
      <h2 id="office-logo-title" className="office-form__title">
        Ofis Logosu
      </h2>
      {canEdit ? (
        <div className="pf-images office-logo">
          <ImagePicker
            slot="companyLogo"
            text={LOGO_TEXT}
            pendingNote="Logo yükleniyor..."
            image={{ url: office.logoUrl, file: uploading, version: '' }}
            error={error ?? undefined}
            onChoose={(_slot, file) => void choose(file)}
            onRemove={() => void remove()}
            onUnreadable={() => undefined}
          />
        </div>
      ) : office.logoUrl ? (
        <img className="office-logo__image" src={office.logoUrl} alt={`${office.details.name} logosu`} />
      ) : (
        <p className="office-note">Ofisin henüz logosu yok. Logoyu ofis yöneticileri ekler.</p>
      )}
    </section>
  );
}

/** 'Ofis Verileri' (KVKK): the office's copy of what it holds, for its Yöneticis. */
function OfficeData({ office }: { readonly office: OfficeView }) {
  const [exportOffice, { isFetching }] = useLazyExportOfficeQuery();
  const onClick = async () => {
    const result = await exportOffice(office.id);
    if (result.error || !result.data) {
      toast.error(serverProblem(result.error)?.message ?? 'Ofisin verileri hazırlanamadı. Lütfen tekrar deneyin.');
      return;
    }
    downloadText(result.data.text, result.data.fileName, 'application/json;charset=utf-8');
    toast.success('Ofisin verilerinin kopyası indirildi');
  };
  return (
    <section className="panel office-form" aria-labelledby="office-data-title">
      <h2 id="office-data-title" className="office-form__title">
        Ofis Verileri
      </h2>
      <p className="office-note">
        Ofis kartlarına bırakılan bağlantıların veri sorumlusu ofisinizdir (KVKK). Ofisin sakladığı her şeyin bir
        kopyasını tek bir JSON dosyası olarak indirebilirsiniz: ofis bilgileri, üyeler, davetler, kartlar, bağlantılar
        ve ofis geçmişi.
      </p>
      <div>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void onClick()}
          disabled={isFetching}
          aria-busy={isFetching}
        >
          {isFetching ? 'Hazırlanıyor...' : 'Ofis Verilerini İndir'}
        </button>
      </div>
    </section>
  );
}
