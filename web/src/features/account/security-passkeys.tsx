import { useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { toast } from 'sonner';
import type { Passkey } from '@kartvizit/schemas/account/security-http';
import { PASSKEY_NAME_MAX_LENGTH } from '@kartvizit/schemas/account/security-rules';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { serverProblem } from '../../shared/server-problem.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { TextField } from './form-fields.tsx';
import { useAddPasskeyMutation, usePasskeyRegistrationOptionsMutation, useRemovePasskeyMutation } from './security-api.ts';
import { defaultPasskeyName, formatDateTimeTr, formatDateTr, relativeTimeTr } from './security-format.ts';
import { asJson, creationOptions, webAuthnAlreadyRegistered, webAuthnCancelled } from './security-webauthn.ts';
import { useSectionForm } from './settings-section.tsx';

const HEADING_ID = 'guvenlik-gecis-anahtarlari';
/** The server's limit (MESSAGES.passkeyNameTooLong). */

function focusHeading(): void {
  document.getElementById(HEADING_ID)?.focus();
}

/** 'Geçiş Anahtarları': the passkeys of the account, each removable, and adding one with this browser. */
export function PasskeysPart({ passkeys }: { readonly passkeys: readonly Passkey[] }) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [remove, { isLoading: removeBusy }] = useRemovePasskeyMutation();

  const onRemove = async (passkey: Passkey) => {
    const result = await remove(passkey.id);
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      setRemoving(null);
      return;
    }
    setRemoving(null);
    toast.success(result.data.message);
    focusHeading();
  };

  return (
    <div className="sec-part">
      <h3 id={HEADING_ID} className="sec-part__title" tabIndex={-1}>
        Geçiş Anahtarları
      </h3>
      <p className="sec-text">
        Geçiş anahtarıyla e-posta ve şifre yazmadan; telefonunuzun ya da bilgisayarınızın kilidini açar gibi (parmak
        izi, yüz tanıma ya da cihaz PIN’i) giriş yaparsınız.
      </p>
      {passkeys.length === 0 ? (
        <p className="sec-muted">Henüz geçiş anahtarı eklemediniz.</p>
      ) : (
        <ul className="sec-list" aria-labelledby={HEADING_ID}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="sec-item">
              <div className="sec-item__main">
                <span className="sec-item__name">{passkey.name}</span>
                <span className="sec-item__meta">
                  Eklendi: <time dateTime={passkey.createdAt}>{formatDateTr(passkey.createdAt)}</time>
                </span>
                <span className="sec-item__meta">
                  {passkey.lastUsedAt ? (
                    <>
                      Son kullanım:{' '}
                      <time dateTime={passkey.lastUsedAt} title={formatDateTimeTr(passkey.lastUsedAt)}>
                        {relativeTimeTr(passkey.lastUsedAt)}
                      </time>
                    </>
                  ) : (
                    'Henüz kullanılmadı'
                  )}
                </span>
              </div>
              <button type="button" className="btn btn--secondary sec-item__action" onClick={() => setRemoving(passkey)}>
                Kaldır<span className="visually-hidden">: {passkey.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskeyForm />
      ) : (
        <p className="sec-note">
          Bu tarayıcı geçiş anahtarlarını desteklemiyor. Eklemek için güncel bir tarayıcıyla (Chrome, Safari, Edge ya
          da Firefox) bu sayfayı açın.
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Geçiş anahtarı kaldırılsın mı?"
        description={
          <p>
            <strong>{removing?.name}</strong> ile artık giriş yapılamaz. Cihazınızdaki anahtarı da silmek isterseniz
            cihazın ya da parola yöneticinizin ayarlarından silin.
          </p>
        }
        confirmLabel="Geçiş Anahtarını Kaldır"
        busyLabel="Kaldırılıyor..."
        tone="danger"
        busy={removeBusy}
        onConfirm={() => {
          if (removing) void onRemove(removing);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** A name, then the browser's own dialog creates the passkey and the server keeps its public key. */
function AddPasskeyForm() {
  const [name, setName] = useState(() => defaultPasskeyName(navigator.userAgent));
  const { formRef, problem, fail, clear, fieldError } = useSectionForm<'passkeyName'>('passkeyName');
  const [getOptions, { isLoading: gettingOptions }] = usePasskeyRegistrationOptionsMutation();
  const [add, { isLoading: adding }] = useAddPasskeyMutation();
  const [asking, setAsking] = useState(false);
  const busy = gettingOptions || adding || asking;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') return fail({ message: MESSAGES.passkeyNameMissing, field: 'passkeyName' });
    if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) {
      return fail({ message: MESSAGES.passkeyNameTooLong, field: 'passkeyName' });
    }
    clear();
    const options = await getOptions();
    if ('error' in options) {
      const message = serverProblem(options.error)?.message ?? MESSAGES.serverError;
      toast.error(message);
      fail({ message, field: null });
      return;
    }
    let response;
    setAsking(true);
    try {
      response = await startRegistration({ optionsJSON: creationOptions(options.data.options) });
    } catch (error) {
      if (webAuthnCancelled(error)) return;
      const message = webAuthnAlreadyRegistered(error)
        ? MESSAGES.passkeyAlreadyAdded
        : MESSAGES.passkeyRegistrationFailed;
      toast.error(message);
      fail({ message, field: null });
      return;
    } finally {
      setAsking(false);
    }
    const result = await add({ name: trimmed, response: asJson(response) });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.passkeyRegistrationFailed;
      toast.error(message);
      fail({ message, field: server?.field === 'name' ? 'passkeyName' : null });
      return;
    }
    toast.success(result.data.message);
    setName(defaultPasskeyName(navigator.userAgent));
  };

  return (
    <form ref={formRef} className="as-form sec-add" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      {problem && problem.field === null && (
        <div className="alert" role="alert">
          {problem.message}
        </div>
      )}
      <div className="sec-add__row">
        <TextField
          label="Geçiş anahtarının adı"
          name="passkeyName"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX_LENGTH + 20}
          hint="Listede bu adla görünür; ör. “İş bilgisayarım”."
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError('passkeyName')}
        />
        <button type="submit" className="btn btn--primary sec-add__submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Ekleniyor...' : 'Geçiş Anahtarı Ekle'}
        </button>
      </div>
    </form>
  );
}
