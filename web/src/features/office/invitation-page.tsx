import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { toast } from 'sonner';
import { useAppSelector } from '../../app/hooks.ts';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { formatDateTime } from '../../shared/format.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { returnToStateFor } from '../account/return-to.ts';
import { selectCurrentUser, selectSessionStatus } from '../account/session-slice.ts';
import { useAcceptInvitationMutation, useGetInvitationQuery } from './api.ts';
import { maskEmail, roleLabel } from './office-forms.ts';
import './office.css';

/**
 * `/invite/{token}`, the e-mailed link: which office, which role, for which address. Signed in, the person accepts;
 * signed out, they sign in or register and come back here (the sign-in screens return to the page they were sent from).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useGetInvitationQuery(token, { skip: token === '' });
  const [accept, { isLoading: accepting }] = useAcceptInvitationMutation();
  const signedIn = status === 'authenticated' || status === 'unverified';
  const back = returnToStateFor(location);

  const acceptInvitation = async () => {
    const outcome = commandOutcome(await accept(token));
    if (!outcome.ok) {
      toastFailure(outcome);
      return;
    }
    toast.success(outcome.response.message || OFFICE_MESSAGES.officeInvitationAccepted);
    void navigate(APP_PATHS.office, { replace: true });
  };

  if (isLoading || status === 'loading') return <PageSpinner label="Davet yükleniyor..." />;

  if (!data?.success) {
    return (
      <div className="auth-page">
        <title>Ofis Daveti · Dijital Kartvizit</title>
        <h1>Davet açılamadı</h1>
        <div className="auth-page__notice" role="alert">
          <p>{(error && serverProblem(error)?.message) || OFFICE_MESSAGES.officeInvitationInvalid}</p>
        </div>
        <div className="auth-page__actions">
          <Link
            className="btn btn--secondary btn--lg btn--block"
            to={signedIn ? APP_PATHS.dashboard : APP_PATHS.landing}
          >
            {signedIn ? 'Panele Dön' : 'Ana Sayfaya Dön'}
          </Link>
        </div>
      </div>
    );
  }

  const invitation = data.data;
  return (
    <div className="auth-page">
      <title>Ofis Daveti · Dijital Kartvizit</title>
      <h1>{invitation.officeName}</h1>
      <p className="auth-page__subtitle">
        Bu ofise <strong>{roleLabel(invitation.role)}</strong> olarak katılmaya davet edildiniz.
      </p>
      <dl className="office-facts invite-facts">
        <div>
          <dt>Davet edilen adres</dt>
          <dd className="office-break">{maskEmail(invitation.email)}</dd>
        </div>
        <div>
          <dt>Son geçerlilik</dt>
          <dd>{formatDateTime(invitation.expiresAt)}</dd>
        </div>
      </dl>
      {signedIn ? (
        <div className="auth-page__actions">
          {user && (
            <p className="office-note">
              <span className="office-break">{user.email}</span> hesabıyla giriş yaptınız. Davet yalnızca davetin
              gönderildiği adresin hesabıyla kabul edilebilir.
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            disabled={accepting}
            aria-busy={accepting}
            onClick={() => void acceptInvitation()}
          >
            {accepting ? 'Katılınıyor...' : 'Daveti Kabul Et'}
          </button>
        </div>
      ) : (
        <div className="auth-page__actions">
          <p className="office-note">
            Daveti kabul etmek için giriş yapın ya da davetin gönderildiği adresle kayıt olun.
          </p>
          <Link className="btn btn--primary btn--lg btn--block" to={APP_PATHS.login} state={back}>
            Giriş Yap
          </Link>
          <Link className="btn btn--secondary btn--lg btn--block" to={APP_PATHS.register} state={back}>
            Kayıt Ol
          </Link>
        </div>
      )}
    </div>
  );
}
