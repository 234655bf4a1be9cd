import { useEffect, useRef, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { toast } from 'sonner';
import type { AccountSecurity } from '@kartvizit/schemas/account/security-http';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { useAppSelector } from '../../app/hooks.ts';
import { downloadText } from '../../shared/download.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { PasswordField, TextField } from './form-fields.tsx';
import { useDisableTwoFactorMutation, useEnableTwoFactorMutation, useStartTwoFactorSetupMutation } from './security-api.ts';
import {
  cleanCode,
  formatDateTr,
  groupSecret,
  RECOVERY_CODES_FILE_NAME,
  recoveryCodesFileText,
} from './security-format.ts';
import { selectCurrentUser } from './session-slice.ts';

const HEADING_ID = 'guvenlik-iki-adim';

async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error('Kopyalanamadı. Metni seçip elle kopyalayın.');
  }
}

function focusHeading(): void {
  document.getElementById(HEADING_ID)?.focus();
}

/** 'İki Adımlı Doğrulama': off → set up with an app; just enabled → the recovery codes once; on → its state, 'Kapat'. */
export function TwoFactorPart({ twoFactor }: { readonly twoFactor: AccountSecurity['twoFactor'] }) {
  const [setup, setSetup] = useState<{ readonly secret: string; readonly otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [startSetup, { isLoading: starting }] = useStartTwoFactorSetupMutation();
  const wasEnabled = useRef(twoFactor.enabled);

  // Turned off: the 'Kapat' that had the focus is gone, so the part's heading takes it.
  useEffect(() => {
    if (wasEnabled.current === twoFactor.enabled) return;
    wasEnabled.current = twoFactor.enabled;
    if (!twoFactor.enabled && (document.activeElement === null || document.activeElement === document.body)) {
      focusHeading();
    }
  }, [twoFactor.enabled]);

  const onStart = async () => {
    const result = await startSetup();
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    setSetup({ secret: result.data.secret, otpauthUrl: result.data.otpauthUrl });
  };

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onSaved={() => {
          setCodes(null);
          focusHeading();
        }}
      />
    );
  } else if (setup) {
    body = (
      <TwoFactorSetup
        secret={setup.secret}
        otpauthUrl={setup.otpauthUrl}
        onCancel={() => {
          setSetup(null);
          focusHeading();
        }}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
      />
    );
  } else if (twoFactor.enabled) {
    body = (
      <>
        <p className="sec-text">
          <span className="sec-badge sec-badge--on">Açık</span>
          {twoFactor.enabledAt && <> {formatDateTr(twoFactor.enabledAt)} tarihinde açıldı.</>} Giriş yaparken
          şifrenizden sonra uygulamadaki kod istenir.
        </p>
        <p className="sec-text" data-testid="recovery-codes-left">
          Kalan kurtarma kodu: {twoFactor.recoveryCodesLeft}
        </p>
        {twoFactor.recoveryCodesLeft <= 3 && (
          <p className="sec-muted">
            Kurtarma kodlarınız azaldı; yenilerini almak için iki adımlı doğrulamayı kapatıp yeniden açın.
          </p>
        )}
        <div className="as-form__actions as-form__actions--start">
          <button type="button" className="btn sec-danger" onClick={() => setDisabling(true)}>
            Kapat
          </button>
        </div>
        <DisableTwoFactorDialog open={disabling} onClose={() => setDisabling(false)} />
      </>
    );
  } else {
    body = (
      <>
        <p className="sec-text">
          <span className="sec-badge">Kapalı</span> Açtığınızda, şifrenizden sonra telefonunuzdaki kimlik doğrulama
          uygulamasının (Google Authenticator, Microsoft Authenticator, 1Password gibi) ürettiği 6 haneli kodu da
          girersiniz. Şifreniz başkasının eline geçse bile hesabınıza giremez.
        </p>
        <div className="as-form__actions as-form__actions--start">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void onStart()}
            disabled={starting}
            aria-busy={starting}
          >
            {starting ? 'Hazırlanıyor...' : 'İki Adımlı Doğrulamayı Aç'}
          </button>
        </div>
      </>
    );
  }

  return (
    <div className="sec-part">
      <h3 id={HEADING_ID} className="sec-part__title" tabIndex={-1}>
        İki Adımlı Doğrulama
      </h3>
      {body}
    </div>
  );
}

/** The QR code and the secret for the app, then the app's first code to confirm. */
function TwoFactorSetup({
  secret,
  otpauthUrl,
  onCancel,
  onEnabled,
}: {
  readonly secret: string;
  readonly otpauthUrl: string;
  readonly onCancel: () => void;
  readonly onEnabled: (recoveryCodes: readonly string[]) => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const stepRef = useRef<HTMLParagraphElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 220 }).then(
      (url) => {
        if (current) setQr(url);
      },
      (error: unknown) => console.error('QR kod oluşturulamadı', error),
    );
    return () => {
      current = false;
    };
  }, [otpauthUrl]);

  useEffect(() => {
    stepRef.current?.focus();
  }, []);

  const fail = (message: string) => {
    setProblem(message);
    codeRef.current?.focus();
    codeRef.current?.select();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const typed = cleanCode(code);
    if (typed === '') return fail(MESSAGES.secondStepCodeMissing);
    setProblem(null);
    const result = await enable({ code: typed });
    if ('error' in result) {
      fail(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    toast.success(result.data.message);
    onEnabled(result.data.recoveryCodes);
  };

  return (
    <div className="sec-setup">
      <p ref={stepRef} className="sec-text" tabIndex={-1}>
        1. Kimlik doğrulama uygulamanızla bu QR kodu taratın. Taratamıyorsanız aşağıdaki anahtarı uygulamaya elle girin.
      </p>
      <div className="sec-setup__pair">
        <div className="sec-qr">
          {qr ? (
            <img src={qr} width={220} height={220} alt="Kimlik doğrulama uygulaması için QR kod" />
          ) : (
            <span className="sec-muted">QR kod hazırlanıyor...</span>
          )}
        </div>
        <div className="sec-secret">
          <p className="sec-secret__label">Anahtar</p>
          <code className="sec-secret__value" data-testid="totp-secret">
            {groupSecret(secret)
              .split(' ')
              .map((group, index) => (
                <span key={index} className="sec-secret__group">
                  {group}
                </span>
              ))}
          </code>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void copyText(secret, 'Anahtar kopyalandı')}
          >
            Anahtarı Kopyala
          </button>
        </div>
      </div>
      <form className="as-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        <p className="sec-text">2. Uygulamanın gösterdiği 6 haneli kodu girin.</p>
        <div className="sec-code-row">
          <TextField
            inputRef={codeRef}
            label="Doğrulama kodu"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={problem}
          />
        </div>
        <div className="sec-actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={isLoading}>
            Vazgeç
          </button>
          <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? 'Onaylanıyor...' : 'Onayla'}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The ten codes, this once: download, copy, and 'Kaydettim' to close them. */
function RecoveryCodes({ codes, onSaved }: { readonly codes: readonly string[]; readonly onSaved: () => void }) {
  const user = useAppSelector(selectCurrentUser);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = () => recoveryCodesFileText(codes, { email: user?.email ?? null, createdAt: new Date() });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="sec-codes">
      <h4 ref={headingRef} className="sec-codes__title" tabIndex={-1}>
        Kurtarma kodlarınız
      </h4>
      <p className="sec-text">
        Telefonunuza erişemezseniz giriş yaparken bu kodlardan birini kullanın; her kod bir kez geçer. Kodları şimdi
        indirin ya da kopyalayıp güvenli bir yerde saklayın: <strong>bir daha gösterilmeyecekler.</strong>
      </p>
      <ol className="sec-codes__list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="sec-actions sec-actions--start">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            downloadText(text(), RECOVERY_CODES_FILE_NAME, 'text/plain;charset=utf-8');
            toast.success('Kurtarma kodları indirildi');
          }}
        >
          İndir
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void copyText(codes.join('\n'), 'Kurtarma kodları kopyalandı')}
        >
          Kopyala
        </button>
        <button type="button" className="btn btn--primary" onClick={onSaved}>
          Kaydettim
        </button>
      </div>
    </div>
  );
}

type DisableField = 'password' | 'code';

/** 'Kapat': the password and a code (or a recovery code), so a borrowed session cannot turn it off. */
function DisableTwoFactorDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<{ readonly message: string; readonly field: DisableField | null } | null>(
    null,
  );
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setPassword('');
    setCode('');
    setProblem(null);
    onClose();
  };

  const fail = (message: string, field: DisableField | null) => {
    setProblem({ message, field });
    const target = field === 'code' ? codeRef.current : passwordRef.current;
    target?.focus();
    target?.select();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (password === '') return fail(MESSAGES.twoFactorDisableFieldsMissing, 'password');
    const typed = cleanCode(code);
    if (typed === '') return fail(MESSAGES.twoFactorDisableFieldsMissing, 'code');
    setProblem(null);
    const result = await disable({ password, code: typed });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const field = server?.field === 'password' || server?.field === 'code' ? server.field : null;
      fail(server?.message ?? MESSAGES.serverError, field);
      return;
    }
    toast.success(result.data.message);
    close();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="İki adımlı doğrulama kapatılsın mı?"
      description={<p>Kapattığınızda hesabınıza yalnızca şifrenizle (ya da bir geçiş anahtarıyla) girilebilir.</p>}
      initialFocus={passwordRef}
      busy={isLoading}
      size="medium"
    >
      <form className="as-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        {problem && problem.field === null && (
          <div className="alert" role="alert">
            {problem.message}
          </div>
        )}
        <PasswordField
          inputRef={passwordRef}
          label="Şifreniz"
          revealLabel="Şifreyi"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem?.field === 'password' ? problem.message : null}
        />
        <TextField
          inputRef={codeRef}
          label="Doğrulama kodu"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          hint="Uygulamadaki 6 haneli kod ya da kurtarma kodlarınızdan biri."
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={problem?.field === 'code' ? problem.message : null}
        />
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={close} disabled={isLoading}>
            Vazgeç
          </button>
          <button type="submit" className="btn dialog__danger" disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? 'Kapatılıyor...' : 'İki Adımlı Doğrulamayı Kapat'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
