import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { useDeleteAccountMutation } from './api.ts';
import { typedAddressConfirms } from './delete-confirmation.ts';
import { PasswordField, TextField } from './form-fields.tsx';
import { selectCurrentUser } from './session-slice.ts';
import { SettingsSection } from './settings-section.tsx';
import { endSession } from './session.ts';
import './auth.css';
import './account-settings.css';
import './delete-account-section.css';

/** The 'Verilerim' section on the same page (account-settings-page.tsx), where the KVKK copy is downloaded. */
const DATA_SECTION_TITLE_ID = 'hesap-verilerim-title';

/**
 * KVKK: 'Hesabı Sil', last on /account, as GitHub's danger zone does it: what goes, that it cannot be undone, the
 * copy to download first, and a dialog that asks for the account's address and password.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="hesap-sil"
      title="Hesabı Sil"
      description="Hesabınızı sildiğinizde aşağıdakilerin hepsi kalıcı olarak silinir. Bu işlem geri alınamaz."
      className="da-section"
    >
      <ul className="da-list">
        <li>Kartlarınız ve sayfaları: kartlarınızın bağlantısı ve QR kodu artık hiçbir sayfa açmaz</li>
        <li>Profiliniz, ürünleriniz ve yüklediğiniz görseller</li>
        <li>Bağlantılarınız ve onlara yazdığınız notlar</li>
        <li>İstatistikleriniz</li>
        <li>Hesabınız: açık oturumlarınızın hepsi kapanır, e-posta adresiniz yeni bir kayıt için serbest kalır</li>
      </ul>
      <p className="da-advice">
        Silmeden önce <a href={`#${DATA_SECTION_TITLE_ID}`}>Verilerim</a> bölümünden verilerinizin bir kopyasını
        indirmenizi öneririz; silindikten sonra size geri veremeyiz.
      </p>
      <div className="as-form__actions as-form__actions--start">
        <button type="button" className="btn da-open" onClick={() => setOpen(true)}>
          Hesabımı Sil
        </button>
      </div>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </SettingsSection>
  );
}

type Problem = { readonly message: string; readonly field: 'password' | null };

function DeleteAccountDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [typedEmail, setTypedEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmed = typedAddressConfirms(typedEmail, user?.email);

  // Nothing typed is kept for the next time it opens (Vazgeç, Esc, the backdrop or ×).
  const close = () => {
    setTypedEmail('');
    setPassword('');
    setProblem(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || !confirmed) return;
    if (password === '') {
      setProblem({ message: MESSAGES.deletePasswordMissing, field: 'password' });
      passwordRef.current?.focus();
      return;
    }
    setProblem(null);
    const result = await deleteAccount({ password });
    if ('error' in result) {
      // A 401 (the session had already ended) is handled by the base query: it signs out and goes to sign in.
      const server = serverProblem(result.error);
      const field = server?.field === 'password' ? 'password' : null;
      setProblem({ message: server?.message ?? MESSAGES.deleteAccountFailed, field });
      if (field) {
        passwordRef.current?.focus();
        passwordRef.current?.select();
      }
      return;
    }
    // Exactly as 'Çıkış Yap' does: token gone, cache reset, to the sign-in screen.
    dispatch(endSession());
    void navigate('/auth/login', { replace: true });
    toast.success(result.data.message);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Hesabınız kalıcı olarak silinsin mi?"
      description={
        <p>
          Kartlarınız ve sayfaları, profiliniz, ürünleriniz, görselleriniz, bağlantılarınız ve notları,
          istatistikleriniz ve hesabınız silinir. <strong>Bu işlem geri alınamaz.</strong>
        </p>
      }
      initialFocus={emailRef}
      busy={isLoading}
      size="medium"
    >
      <form className="as-form da-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        {problem && problem.field === null && (
          <div className="alert" role="alert">
            {problem.message}
          </div>
        )}
        <TextField
          inputRef={emailRef}
          label={`Onaylamak için e-posta adresinizi yazın: ${user?.email ?? ''}`}
          name="confirmEmail"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={MESSAGES.deleteEmailHint}
          value={typedEmail}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
        <PasswordField
          inputRef={passwordRef}
          label="Şifreniz"
          revealLabel="Şifreyi"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (problem?.field === 'password') setProblem(null);
          }}
          error={problem?.field === 'password' ? problem.message : null}
        />
        <p className="visually-hidden" aria-live="polite">
          {confirmed ? 'Adres eşleşti; silme düğmesi etkin.' : ''}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={close} disabled={isLoading}>
            Vazgeç
          </button>
          <button type="submit" className="btn dialog__danger" disabled={!confirmed || isLoading} aria-busy={isLoading}>
            {isLoading ? MESSAGES.deletingAccount : MESSAGES.deleteAccountConfirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
