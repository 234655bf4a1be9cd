import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { useDeleteOfficeMutation, type OfficeView } from './api.ts';
import { runOfficeCommand } from './office-frame.tsx';
import { officePageAddress } from './office-forms.ts';

/**
 * 'Ofisi Sil' on Ofisim (issue 30), for a Yönetici. An office with other members cannot be deleted: the section says
 * so and sends to Ekip. Alone, the Yönetici deletes it after a confirmation that says what goes with it; the office's
 * copy (Ofis Verileri, just above) can be taken first.
 */
export function OfficeDeletion({ office }: { readonly office: OfficeView }) {
  const [deleteOffice, { isLoading }] = useDeleteOfficeMutation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const headingId = useId();
  const noteId = useId();
  const others = office.memberCount - 1;

  const confirm = async () => {
    const done = await runOfficeCommand(deleteOffice(office.id), OFFICE_MESSAGES.officeDeleted);
    setOpen(false);
    if (done) void navigate(APP_PATHS.dashboard, { replace: true });
  };

  return (
    <section className="panel office-section office-leave" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="office-form__title">
          Ofisi Sil
        </h2>
        {others > 0 ? (
          <p className="office-note" id={noteId}>
            Ofiste sizden başka {others} üye var. Üyesi olan ofis silinemez; önce{' '}
            <Link to={APP_PATHS.officeTeam}>Ekip</Link> sayfasından üyeleri ofisten çıkarın.
          </p>
        ) : (
          <p className="office-note" id={noteId}>
            Ofis silindiğinde ofis sayfası kapanır, bekleyen davetler geçersiz olur, ofis kartlarına bırakılan
            bağlantılar kalıcı olarak silinir ve elinizdeki ofis kartları ofise döner. Silmeden önce ofisin verilerini
            indirebilirsiniz.
          </p>
        )}
      </div>
      <button
        type="button"
        className="btn btn--secondary office-danger"
        disabled={others > 0}
        aria-describedby={noteId}
        onClick={() => setOpen(true)}
      >
        Ofisi Sil
      </button>
      <ConfirmDialog
        open={open}
        title="Ofis silinsin mi?"
        description={
          <>
            <p>
              <strong>{office.details.name}</strong> ofisi silinecek. Bu işlem geri alınamaz:
            </p>
            <ul className="office-deletion__list">
              <li>
                Ofis sayfası (
                <span className="office-address">{officePageAddress(window.location.origin, office.slug)}</span>)
                kapanır; bu adres başka bir ofise verilmez.
              </li>
              <li>Ofis kartlarına bırakılan bağlantılar kalıcı olarak silinir.</li>
              <li>Elinizdeki ofis kartları ofise döner ve kapanır; kişisel kartlarınız ve hesabınız sizde kalır.</li>
            </ul>
          </>
        }
        confirmLabel="Ofisi Sil"
        busyLabel="Siliniyor..."
        tone="danger"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}
