import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { useAppDispatch } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { useConfirmEmailChangeMutation } from './api.ts';
import { startSession } from './session.ts';
import type { SecondStepState } from './return-to.ts';

/**
 * The link e-mailed to the new address (decision 30). Opening it changes nothing: mail scanners open links, so the
 * change waits for the button. Then the owner is signed in here (every other session ends) and sees /account.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, { isLoading }] = useConfirmEmailChangeMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onConfirm = async () => {
    if (isLoading) return;
    setFailure(null);
    const result = await confirm({ token });
    if ('error' in result) {
      const server = serverProblem(result.error);
      // The link itself was refused (spent, superseded, expired, forged, or the address taken meanwhile).
      if (server) setRefusal(server.message);
      else setFailure(MESSAGES.serverError);
      return;
    }
    const { data } = result;
    // Two-step sign-in is on: the link changed what it changes, and the code opens the session (issue 34).
    if ('twoFactorRequired' in data) {
      toast.success(data.message);
      const state: SecondStepState = { secondStep: { challenge: data.challenge, message: data.message } };
      void navigate('/auth/login', { replace: true, state });
      return;
    }
    dispatch(startSession(data.token, data.user));
    toast.success(data.message);
    void navigate('/account', { replace: true });
  };

  if (token === '' || refusal !== null) {
    return (
      <div className="auth-page">
        <title>E-posta Onayı · Dijital Kartvizit</title>
        <h1>Bağlantı geçersiz</h1>
        <div className="auth-page__notice" role="alert">
          <p>{refusal ?? MESSAGES.emailChangeLinkInvalid}</p>
        </div>
        <div className="auth-page__actions">
          <Link className="btn btn--primary btn--lg btn--block" to="/account">
            Yeni Bağlantı İste
          </Link>
          <Link className="btn btn--secondary btn--lg btn--block" to="/">
            Ana Sayfaya Dön
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <title>E-posta Onayı · Dijital Kartvizit</title>
      <h1>Yeni E-posta Adresinizi Onaylayın</h1>
      <p className="auth-page__subtitle">
        Hesabınızın e-posta adresi, bu bağlantının gönderildiği adresle değişecek. Onayladığınızda giriş için bu adresi
        kullanırsınız, diğer cihazlardaki oturumlar kapanır ve burada giriş yaparsınız.
      </p>
      <div className="auth-page__actions">
        {failure && (
          <div className="alert" role="alert">
            {failure}
          </div>
        )}
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={() => void onConfirm()}
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? 'Onaylanıyor...' : 'E-posta Adresimi Onayla'}
        </button>
      </div>
    </div>
  );
}
