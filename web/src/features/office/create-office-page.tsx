import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { OFFICE_NAME_MAX_LENGTH, OFFICE_SLUG_MAX_LENGTH } from '@kartvizit/schemas/office/model';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { toast } from 'sonner';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { useCreateOfficeMutation, useGetCurrentOfficeQuery } from './api.ts';
import {
  createOfficeRequest,
  EMPTY_CREATE_OFFICE,
  officePageAddress,
  withOfficeName,
  withOfficeSlug,
} from './office-forms.ts';
import './office.css';

/** 'Ofis Oluştur': a name, and the address of the office's public page suggested from it. */
export function CreateOfficePage() {
  const { data, isLoading } = useGetCurrentOfficeQuery();
  const [createOffice, { isLoading: saving }] = useCreateOfficeMutation();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY_CREATE_OFFICE);
  const [problem, setProblem] = useState<{ readonly field: string; readonly message: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);

  if (isLoading) return <PageSpinner label="Ofis yükleniyor..." />;
  // An account belongs to at most one office: its members go to theirs.
  if (data?.data) return <Navigate to={APP_PATHS.office} replace />;

  const focus = (field: string) => (field === 'slug' ? slugRef : nameRef).current?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = createOfficeRequest(form);
    if (!request.ok) {
      setProblem(request);
      focus(request.field);
      return;
    }
    setProblem(null);
    const outcome = commandOutcome(await createOffice(request.body));
    if (!outcome.ok) {
      if (outcome.problem?.field === 'name' || outcome.problem?.field === 'slug') {
        setProblem({ field: outcome.problem.field, message: outcome.message });
        focus(outcome.problem.field);
      } else toastFailure(outcome);
      return;
    }
    toast.success(outcome.response.message || OFFICE_MESSAGES.officeCreated);
    void navigate(APP_PATHS.office, { replace: true });
  };

  const address = officePageAddress(window.location.origin, form.slug || 'ofis-adresi');
  return (
    <div className="office-page">
      <title>Ofis Oluştur · Dijital Kartvizit</title>
      <header className="office-page__head">
        <div>
          <h1 className="office-page__title">Ofis Oluştur</h1>
          <p className="office-page__lead">
            Ofisinizi oluşturun; danışmanlarınızı davet edin, kartlarını markalayın ve ekibinizi tek yerden yönetin.
            Ofisi oluşturan kişi ofisin yöneticisi olur.
          </p>
        </div>
      </header>
      <form className="panel office-form" onSubmit={(event) => void submit(event)} noValidate>
        <CardTextField
          label="Ofis adı"
          inputRef={nameRef}
          value={form.name}
          maxLength={OFFICE_NAME_MAX_LENGTH}
          autoComplete="organization"
          required
          error={problem?.field === 'name' ? problem.message : null}
          onChange={(event) => setForm(withOfficeName(form, event.target.value))}
        />
        <CardTextField
          label="Ofis adresi"
          inputRef={slugRef}
          value={form.slug}
          maxLength={OFFICE_SLUG_MAX_LENGTH}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          error={problem?.field === 'slug' ? problem.message : null}
          hint={
            <>
              Ofisinizin sayfası: <span className="office-address">{address}</span>
            </>
          }
          onChange={(event) => setForm(withOfficeSlug(form, event.target.value))}
        />
        <div className="office-form__actions">
          <button type="submit" className="btn btn--primary" disabled={saving} aria-busy={saving}>
            {saving ? 'Oluşturuluyor...' : 'Ofisi Oluştur'}
          </button>
        </div>
      </form>
    </div>
  );
}
