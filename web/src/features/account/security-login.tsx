import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { AuthSuccess } from '@kartvizit/schemas/auth/http';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { httpStatus } from '../../shared/command-outcome.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { usePasskeyLoginMutation, usePasskeyLoginOptionsMutation, useVerifySecondStepMutation } from './api.ts';
import { TextField } from './form-fields.tsx';
import { cleanCode } from './security-format.ts';
import { asJson, requestOptions, webAuthnCancelled } from './security-webauthn.ts';
import './security.css';

type CodeKind = 'totp' | 'recovery';

/**
 * The sign-in's second step (issue 34): the password was right and two-step sign-in is on, so the server answered a
 * challenge; a code from the authenticator app (or one of the recovery codes) finishes the sign-in.
 */
export function SecondStepForm({
  challenge,
  message,
  onSignedIn,
  onRestart,
}: {
  readonly challenge: string;
  readonly message: string;
  readonly onSignedIn: (answer: AuthSuccess) => void;
  /** Back to the e-mail and password: the challenge ran out, or the person chose to. */
  readonly onRestart: (problem: string | null) => void;
}) {
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [verify, { isLoading }] = useVerifySecondStepMutation();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [kind]);

  const fail = (next: string) => {
    setProblem(next);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const typed = cleanCode(code);
    if (typed === '') return fail(MESSAGES.secondStepCodeMissing);
    setProblem(null);
    const result = await verify({ challenge, code: typed });
    if ('error' in result) {
      const server = serverProblem(result.error);
      if (server?.message === MESSAGES.secondStepChallengeInvalid) {
        onRestart(server.message);
        return;
      }
      fail(server?.message ?? (httpStatus(result.error) === null ? MESSAGES.loginError : MESSAGES.loginFailed));
      return;
    }
    onSignedIn(result.data);
  };

  const switchKind = () => {
    setKind((current) => (current === 'totp' ? 'recovery' : 'totp'));
    setCode('');
    setProblem(null);
  };

  return (
    <div className="auth-page">
      <title>İki Adımlı Doğrulama · Dijital Kartvizit</title>
      <h1>İki Adımlı Doğrulama</h1>
      <p className="auth-page__subtitle">
        {kind === 'totp'
          ? message || MESSAGES.secondStepRequired
          : 'Kaydettiğiniz kurtarma kodlarından birini girin. Her kod yalnızca bir kez kullanılabilir.'}
      </p>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        <TextField
          key={kind}
          inputRef={inputRef}
          label={kind === 'totp' ? 'Doğrulama kodu' : 'Kurtarma kodu'}
          name="code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          placeholder={kind === 'totp' ? '123456' : 'xxxxx-xxxxx'}
          hint={kind === 'totp' ? 'Uygulamadaki 6 haneli kod.' : 'xxxxx-xxxxx biçiminde.'}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={problem}
        />
        <button type="button" className="sec-link-button sec-login__switch" onClick={switchKind}>
          {kind === 'totp' ? 'Kurtarma kodu kullan' : 'Doğrulama kodu kullan'}
        </button>
        <button type="submit" className="btn btn--primary btn--lg btn--block auth-form__submit" disabled={isLoading}>
          {isLoading ? 'Doğrulanıyor...' : 'Doğrula'}
        </button>
      </form>
      <p className="auth-page__switch">
        <button type="button" className="sec-link-button" onClick={() => onRestart(null)}>
          E-posta ve şifre adımına dön
        </button>
      </p>
    </div>
  );
}

const PASSKEY_SIGN_IN_ERROR = 'Geçiş anahtarıyla giriş yapılamadı. Lütfen tekrar deneyin.';

/**
 * 'Geçiş anahtarı ile giriş' under the password form, where the browser can use passkeys: the browser asks which
 * passkey, the server checks its signature and signs in. A closed browser dialog is no failure: nothing is said.
 */
export function PasskeySignIn({
  onSignedIn,
  onProblem,
  disabled,
}: {
  readonly onSignedIn: (answer: AuthSuccess) => void;
  /** A message for the form's alert; null clears it. */
  readonly onProblem: (message: string | null) => void;
  readonly disabled: boolean;
}) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [getOptions, { isLoading: gettingOptions }] = usePasskeyLoginOptionsMutation();
  const [login, { isLoading: signingIn }] = usePasskeyLoginMutation();
  const [asking, setAsking] = useState(false);
  const busy = gettingOptions || signingIn || asking;
  if (!supported) return null;

  const onClick = async () => {
    if (busy) return;
    onProblem(null);
    const options = await getOptions();
    if ('error' in options) {
      onProblem(serverProblem(options.error)?.message ?? PASSKEY_SIGN_IN_ERROR);
      return;
    }
    let response;
    setAsking(true);
    try {
      response = await startAuthentication({ optionsJSON: requestOptions(options.data.options) });
    } catch (error) {
      if (!webAuthnCancelled(error)) onProblem(PASSKEY_SIGN_IN_ERROR);
      return;
    } finally {
      setAsking(false);
    }
    const result = await login({ response: asJson(response) });
    if ('error' in result) {
      onProblem(serverProblem(result.error)?.message ?? MESSAGES.passkeySignInFailed);
      return;
    }
    onSignedIn(result.data);
  };

  return (
    <div className="sec-login__passkey">
      <p className="sec-login__or" aria-hidden="true">
        <span>ya da</span>
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--lg btn--block"
        onClick={() => void onClick()}
        disabled={disabled || busy}
        aria-busy={busy}
      >
        <svg className="sec-login__key" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="8" cy="15" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M11 12l8-8M16 7l2 2M14 9l2 2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        {busy ? 'Geçiş anahtarı bekleniyor...' : 'Geçiş anahtarı ile giriş'}
      </button>
    </div>
  );
}
