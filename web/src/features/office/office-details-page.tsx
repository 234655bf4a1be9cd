import { useRef, useState, type FormEvent } from 'react';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { OFFICE_DETAIL_LIMITS, OFFICE_NAME_MAX_LENGTH, type OfficeRole } from '@kartvizit/schemas/office/model';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { useUpdateOfficeDetailsMutation, type OfficeView } from './api.ts';
import { toast } from 'sonner';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { OfficeFrame } from './office-frame.tsx';
import {
  DETAIL_LABELS,
  DETAIL_TEXT_FIELDS,
  detailsChanged,
  detailsToForm,
  officeDetailsRequest,
  officePageAddress,
  type DetailTextField,
  type OfficeDetailsForm,
  roleLabel,
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
      {(office, role) => <OfficeDetailsForm key={office.id} office={office} role={role} />}
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
    const field = outcome.problem?.field;
    if (field && (DETAIL_TEXT_FIELDS as readonly string[]).includes(field)) {
      setProblem({ field, message: outcome.message });
      focus(field);
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
      <form ref={formRef} className="panel office-form" onSubmit={(event) => void submit(event)} noValidate>
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
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            />
          ))}
        </div>
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
