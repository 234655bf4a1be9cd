import { useState, type FormEvent } from 'react';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { useUpdateOfficeTemplateMutation, type OfficeView } from './api.ts';
import { OfficeFrame, runOfficeCommand } from './office-frame.tsx';
import { templateBody, templateChanged, templateRows, withFromOffice, withLocked } from './office-forms.ts';

/** 'Kart Şablonu': which card fields come from the office, and which of them members cannot change. */
export function OfficeTemplatePage() {
  return (
    <OfficeFrame
      title="Kart Şablonu"
      lead="Ofis kartlarında hangi bilgilerin ofisten geleceğini ve hangilerinin danışmanlar tarafından değiştirilemeyeceğini seçin."
      adminOnly
    >
      {(office) => <TemplateForm key={office.id} office={office} />}
    </OfficeFrame>
  );
}

function TemplateForm({ office }: { readonly office: OfficeView }) {
  const [save, { isLoading: saving }] = useUpdateOfficeTemplateMutation();
  const [rows, setRows] = useState(() => templateRows(office.template));
  const changed = templateChanged(rows, office.template);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await runOfficeCommand(
      save({ officeId: office.id, template: templateBody(rows) }),
      OFFICE_MESSAGES.officeTemplateSaved,
    );
  };

  return (
    <form className="panel office-form" onSubmit={(event) => void submit(event)}>
      <table className="office-table office-template">
        <caption className="office-form__title">Ofis kartlarının alanları</caption>
        <thead>
          <tr>
            <th scope="col">Alan</th>
            <th scope="col">Ofisten gelsin</th>
            <th scope="col">Kilitli</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.label}</th>
              <td data-label="Ofisten gelsin">
                <input
                  type="checkbox"
                  className="office-check"
                  checked={row.fromOffice}
                  aria-label={`${row.label}: ofisten gelsin`}
                  onChange={(event) => setRows(withFromOffice(rows, row.field, event.target.checked))}
                />
              </td>
              <td data-label="Kilitli">
                <input
                  type="checkbox"
                  className="office-check"
                  checked={row.locked}
                  aria-label={`${row.label}: kilitli`}
                  onChange={(event) => setRows(withLocked(rows, row.field, event.target.checked))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="office-note">
        Ofisten gelen alanlar her ofis kartında ofisin bilgisini gösterir. Kilitli alanları danışmanlar profil
        ayarlarında değiştiremez. Kaydettiğinizde bütün ofis kartları hemen güncellenir.
      </p>
      <div className="office-form__actions">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!changed || saving}
          onClick={() => setRows(templateRows(office.template))}
        >
          Vazgeç
        </button>
        <button type="submit" className="btn btn--primary" disabled={!changed || saving} aria-busy={saving}>
          {saving ? 'Kaydediliyor...' : 'Şablonu Kaydet'}
        </button>
      </div>
    </form>
  );
}
