import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isValidEmail } from '@kartvizit/schemas/common/email';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { OFFICE_ROLES, type OfficeRole } from '@kartvizit/schemas/office/model';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { useAppSelector } from '../../app/hooks.ts';
import { formatDateTime } from '../../shared/format.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { selectCurrentUser } from '../account/session-slice.ts';
import {
  useChangeMemberRoleMutation,
  useGetOfficeInvitationsQuery,
  useGetOfficeMembersQuery,
  useInviteToOfficeMutation,
  useLeaveOfficeMutation,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  type OfficeMemberView,
  type OfficeView,
} from './api.ts';
import { OfficeFrame, runOfficeCommand } from './office-frame.tsx';
import { INVITATION_STATUS_LABELS, memberName, roleLabel } from './office-forms.ts';

/** 'Ekip': the members and their roles; a Yönetici also invites, changes roles and removes. */
export function OfficeTeamPage() {
  return (
    <OfficeFrame title="Ekip" lead="Ofisinizin üyeleri, rolleri ve bekleyen davetler.">
      {(office, role) => (
        <>
          <Members office={office} role={role} />
          {role === 'admin' && <Invitations office={office} />}
          {/* The last member, a Yönetici, cannot leave: they delete the office on Ofisim. */}
          {!(role === 'admin' && office.memberCount === 1) && <LeaveOffice office={office} />}
        </>
      )}
    </OfficeFrame>
  );
}

function Members({ office, role }: { readonly office: OfficeView; readonly role: OfficeRole }) {
  const me = useAppSelector(selectCurrentUser);
  const { data, isLoading, isError, refetch, isFetching } = useGetOfficeMembersQuery(office.id);
  const [changeRole, { isLoading: changing }] = useChangeMemberRoleMutation();
  const [remove, { isLoading: removing }] = useRemoveMemberMutation();
  const [removing_, setRemoving] = useState<OfficeMemberView | null>(null);
  const isAdmin = role === 'admin';
  const headingId = useId();

  const confirmRemove = async () => {
    if (!removing_) return;
    const done = await runOfficeCommand(
      remove({ officeId: office.id, userId: removing_.userId }),
      OFFICE_MESSAGES.officeMemberRemoved,
    );
    if (done) setRemoving(null);
  };

  return (
    <section className="panel office-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="office-form__title">
        Üyeler
      </h2>
      {isLoading ? (
        <Spinner label="Üyeler yükleniyor..." />
      ) : isError && !data ? (
        <div role="alert" className="office-inline-problem">
          <p>Üyeler yüklenemedi.</p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            Tekrar Dene
          </button>
        </div>
      ) : (
        <table className="office-table">
          <thead>
            <tr>
              <th scope="col">Ad Soyad</th>
              <th scope="col">E-posta</th>
              <th scope="col">Rol</th>
              <th scope="col">Katılma</th>
              <th scope="col">Ofis kartı</th>
              {isAdmin && (
                <th scope="col">
                  <span className="visually-hidden">İşlemler</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {(data?.data ?? []).map((member) => {
              const name = memberName(member);
              const self = member.userId === me?.id;
              return (
                <tr key={member.userId}>
                  <th scope="row" data-label="Ad Soyad">
                    {name}
                    {self && <span className="office-badge">Siz</span>}
                  </th>
                  <td data-label="E-posta" className="office-break">
                    {member.email}
                  </td>
                  <td data-label="Rol">
                    {isAdmin ? (
                      <select
                        className="office-select"
                        value={member.role}
                        aria-label={`${name} rolü`}
                        disabled={changing}
                        onChange={(event) =>
                          void runOfficeCommand(
                            changeRole({
                              officeId: office.id,
                              userId: member.userId,
                              role: event.target.value as OfficeRole,
                            }),
                            OFFICE_MESSAGES.officeRoleChanged,
                          )
                        }
                      >
                        {OFFICE_ROLES.map((option) => (
                          <option key={option} value={option}>
                            {roleLabel(option)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      roleLabel(member.role)
                    )}
                  </td>
                  <td data-label="Katılma">{formatDateTime(member.joinedAt)}</td>
                  <td data-label="Ofis kartı" className="office-mono">
                    {member.cardIds.length > 0 ? member.cardIds.join(', ') : '—'}
                  </td>
                  {isAdmin && (
                    <td data-label="İşlemler">
                      {!self && (
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm office-danger"
                          onClick={() => setRemoving(member)}
                        >
                          Ofisten Çıkar
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={removing_ !== null}
        title="Üyeyi ofisten çıkar"
        description={
          removing_ && (
            <p>
              <strong>{memberName(removing_)}</strong> ofisten çıkarılacak. Elindeki ofis kartları devre dışı kalıp
              ofisin kartlarına döner ve ofis kartlarından gelen bağlantıları artık göremez. Hesabı ve kişisel kartları
              kalır.
            </p>
          )
        }
        confirmLabel="Ofisten Çıkar"
        busyLabel="Çıkarılıyor..."
        tone="danger"
        busy={removing}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function Invitations({ office }: { readonly office: OfficeView }) {
  const { data, isLoading } = useGetOfficeInvitationsQuery(office.id);
  const [invite, { isLoading: inviting }] = useInviteToOfficeMutation();
  const [revoke, { isLoading: revoking }] = useRevokeInvitationMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OfficeRole>('agent');
  const [problem, setProblem] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const roleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const local =
      address === ''
        ? OFFICE_MESSAGES.officeInviteEmailRequired
        : isValidEmail(address)
          ? null
          : OFFICE_MESSAGES.officeEmailInvalid;
    if (local) {
      setProblem(local);
      emailRef.current?.focus();
      return;
    }
    setProblem(null);
    const done = await runOfficeCommand(
      invite({ officeId: office.id, email: address, role }),
      OFFICE_MESSAGES.officeInvitationSent,
    );
    if (done) setEmail('');
  };

  return (
    <section className="panel office-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="office-form__title">
        Davetler
      </h2>
      <form className="office-invite" onSubmit={(event) => void submit(event)} noValidate>
        <CardTextField
          label="E-posta adresi"
          type="email"
          autoComplete="off"
          inputRef={emailRef}
          value={email}
          maxLength={254}
          error={problem}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="card-field">
          <label className="card-field__label" htmlFor={roleId}>
            Rol
          </label>
          <select
            id={roleId}
            className="office-select"
            value={role}
            onChange={(event) => setRole(event.target.value as OfficeRole)}
          >
            {OFFICE_ROLES.map((option) => (
              <option key={option} value={option}>
                {roleLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary" disabled={inviting} aria-busy={inviting}>
          {inviting ? 'Gönderiliyor...' : 'Davet Gönder'}
        </button>
      </form>
      <p className="office-note">Davet bağlantısı 7 gün geçerlidir ve yalnızca bir kez kullanılabilir.</p>
      {isLoading ? (
        <Spinner label="Davetler yükleniyor..." />
      ) : (data?.data ?? []).length === 0 ? (
        <p className="office-note">Henüz davet gönderilmedi.</p>
      ) : (
        <table className="office-table">
          <thead>
            <tr>
              <th scope="col">E-posta</th>
              <th scope="col">Rol</th>
              <th scope="col">Durum</th>
              <th scope="col">Son geçerlilik</th>
              <th scope="col">
                <span className="visually-hidden">İşlemler</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(data?.data ?? []).map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row" data-label="E-posta" className="office-break">
                  {invitation.email}
                </th>
                <td data-label="Rol">{roleLabel(invitation.role)}</td>
                <td data-label="Durum">
                  <span className={`office-status office-status--${invitation.status}`}>
                    {INVITATION_STATUS_LABELS[invitation.status]}
                  </span>
                </td>
                <td data-label="Son geçerlilik">{formatDateTime(invitation.expiresAt)}</td>
                <td data-label="İşlemler">
                  {invitation.status === 'pending' && (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm office-danger"
                      disabled={revoking}
                      aria-label={`${invitation.email} davetini geri al`}
                      onClick={() =>
                        void runOfficeCommand(
                          revoke({ officeId: office.id, invitationId: invitation.id }),
                          OFFICE_MESSAGES.officeInvitationRevoked,
                        )
                      }
                    >
                      Geri Al
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function LeaveOffice({ office }: { readonly office: OfficeView }) {
  const [leave, { isLoading }] = useLeaveOfficeMutation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const confirm = async () => {
    const done = await runOfficeCommand(leave(office.id), OFFICE_MESSAGES.officeLeft);
    setOpen(false);
    if (done) void navigate(APP_PATHS.dashboard, { replace: true });
  };
  return (
    <section className="panel office-section office-leave">
      <div>
        <h2 className="office-form__title">Ofisten Ayrıl</h2>
        <p className="office-note">
          Ayrıldığınızda elinizdeki ofis kartları ofise döner; hesabınız ve kişisel kartlarınız sizde kalır.
        </p>
      </div>
      <button type="button" className="btn btn--secondary office-danger" onClick={() => setOpen(true)}>
        Ofisten Ayrıl
      </button>
      <ConfirmDialog
        open={open}
        title="Ofisten ayrıl"
        description={
          <p>
            <strong>{office.details.name}</strong> ofisinden ayrılmak istediğinize emin misiniz? Ofis kartlarınız ve bu
            kartlardan gelen bağlantılar ofiste kalır.
          </p>
        }
        confirmLabel="Ofisten Ayrıl"
        busyLabel="Ayrılınıyor..."
        tone="danger"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}
