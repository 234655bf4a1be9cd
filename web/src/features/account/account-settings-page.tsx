import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { nameProblem, passwordProblem } from '@kartvizit/schemas/auth/rules';
import { downloadText } from '../../shared/download.ts';
import { Switch } from '../../shared/ui/switch.tsx';
import { useAppSelector } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import {
  useChangePasswordMutation,
  useGetAccountSettingsQuery,
  useLazyExportAccountQuery,
  useRenameAccountMutation,
  useSwitchLeadAlertsMutation,
} from './api.ts';
import { EmailChangeSection } from './email-change-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { PasswordField, TextField } from './form-fields.tsx';
import { SecuritySection } from './security-section.tsx';
import { selectCurrentUser } from './session-slice.ts';
import { SettingsForm, SettingsSection, useSectionForm } from './settings-section.tsx';

function NameSection() {
  const user = useAppSelector(selectCurrentUser);
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const { formRef, problem, fail, clear, fieldError } = useSectionForm<string>('firstName');
  const [rename, { isLoading }] = useRenameAccountMutation();
  const loadedFor = useRef(user?.id);

  // The session's user arrives after a reload: fill the form once it is known.
  useEffect(() => {
    if (user && loadedFor.current !== user.id) {
      loadedFor.current = user.id;
      setFirstName(user.firstName);
      setLastName(user.lastName);
    }
  }, [user]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const first = firstName.trim();
    const last = lastName.trim();
    if (!first) return fail({ message: MESSAGES.fillAllFields, field: 'firstName' });
    if (!last) return fail({ message: MESSAGES.fillAllFields, field: 'lastName' });
    const firstIssue = nameProblem(first);
    if (firstIssue) return fail({ message: firstIssue, field: 'firstName' });
    const lastIssue = nameProblem(last);
    if (lastIssue) return fail({ message: lastIssue, field: 'lastName' });
    clear();
    const result = await rename({ firstName: first, lastName: last });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.serverError;
      toast.error(message);
      fail({ message, field: server?.field ?? null });
      return;
    }
    setFirstName(result.data.user.firstName);
    setLastName(result.data.user.lastName);
    toast.success(result.data.message);
  };

  return (
    <SettingsSection
      id="hesap-kisisel"
      title="Kişisel Bilgiler"
      description="Hesabınızda ve e-postalarımızda görünen adınız."
    >
      <SettingsForm
        formRef={formRef}
        problem={problem}
        busy={isLoading}
        submitLabel="Adı Kaydet"
        busyLabel="Kaydediliyor..."
        onSubmit={onSubmit}
      >
        <div className="as-form__row">
          <TextField
            label="Ad"
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={fieldError('firstName')}
          />
          <TextField
            label="Soyad"
            name="lastName"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={fieldError('lastName')}
          />
        </div>
      </SettingsForm>
    </SettingsSection>
  );
}

function PasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { formRef, problem: formProblem, fail, clear, fieldError } = useSectionForm<string>('currentPassword');
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const empty = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
      (name) => ({ currentPassword, newPassword, confirmPassword })[name] === '',
    );
    if (empty) return fail({ message: MESSAGES.fillAllFields, field: empty });
    const problem = passwordProblem(newPassword);
    if (problem) return fail({ message: problem, field: 'newPassword' });
    if (newPassword !== confirmPassword)
      return fail({ message: MESSAGES.passwordsDoNotMatch, field: 'confirmPassword' });
    if (newPassword === currentPassword)
      return fail({ message: MESSAGES.newPasswordSameAsCurrent, field: 'newPassword' });
    clear();
    const result = await changePassword({ currentPassword, newPassword });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.passwordChangeError;
      toast.error(message);
      fail({ message, field: server?.field ?? null });
      return;
    }
    if (!result.data.success) {
      const message = result.data.message || MESSAGES.passwordChangeFailed;
      toast.error(message);
      fail({ message, field: null });
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    setConfirmPassword('');
    toast.success(result.data.message || MESSAGES.passwordChanged);
  };

  return (
    <SettingsSection
      id="hesap-sifre"
      title="Şifre Değiştir"
      description="Şifreniz değiştiğinde diğer cihazlardaki oturumlar kapanır; bu cihazda oturumunuz açık kalır."
    >
      <SettingsForm
        formRef={formRef}
        problem={formProblem}
        busy={isLoading}
        submitLabel="Şifreyi Değiştir"
        busyLabel="Değiştiriliyor..."
        onSubmit={onSubmit}
      >
        <PasswordField
          label="Mevcut şifre"
          revealLabel="Mevcut şifreyi"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={fieldError('currentPassword')}
        />
        <div className="as-form__row">
          <PasswordField
            label="Yeni şifre"
            revealLabel="Yeni şifreyi"
            name="newPassword"
            autoComplete="new-password"
            hint="En az 6 karakter."
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={fieldError('newPassword')}
          />
          <PasswordField
            label="Yeni şifre (tekrar)"
            revealLabel="Yeni şifre tekrarını"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={fieldError('confirmPassword')}
          />
        </div>
      </SettingsForm>
    </SettingsSection>
  );
}

function NotificationsSection() {
  const id = useId();
  const { data, isLoading: loading, isError, refetch } = useGetAccountSettingsQuery();
  const [switchLeadAlerts, { isLoading }] = useSwitchLeadAlertsMutation();
  const [shown, setShown] = useState<boolean | null>(null);
  const enabled = shown ?? data?.settings.leadAlerts ?? true;

  const onChange = async (next: boolean) => {
    setShown(next);
    const result = await switchLeadAlerts({ enabled: next });
    if ('error' in result) {
      setShown(null);
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    toast.success(result.data.message);
  };

  return (
    <SettingsSection
      id="hesap-bildirimler"
      title="Bildirimler"
      description="Hangi durumlarda size e-posta göndereceğimizi seçin."
    >
      {isError ? (
        <div className="as-failure">
          <p role="alert">Bildirim ayarınız yüklenemedi.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            Tekrar Dene
          </button>
        </div>
      ) : (
        <div className="switch-row">
          <div className="switch-row__text">
            <label className="field__label" htmlFor={id}>
              Biri bilgilerini paylaştığında e-posta ile haber ver
            </label>
            <p id={`${id}-hint`} className="field__hint">
              Kartvizitinizde biri “Bilgilerini Paylaş” formunu doldurduğunda bilgileri e-posta adresinize gelir.
              Kapalıyken bilgiler yine Bağlantılar sayfanıza kaydedilir.
            </p>
          </div>
          <Switch
            id={id}
            name="leadAlerts"
            checked={enabled}
            disabled={loading || isLoading}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void onChange(event.target.checked)}
          />
        </div>
      )}
    </SettingsSection>
  );
}

function DataSection() {
  const [exportAccount, { isFetching }] = useLazyExportAccountQuery();
  const onClick = async () => {
    const result = await exportAccount();
    if (result.error || !result.data) {
      toast.error(
        serverProblem(result.error)?.message ?? 'Verilerinizin kopyası hazırlanamadı. Lütfen tekrar deneyin.',
      );
      return;
    }
    downloadText(result.data.text, result.data.fileName, 'application/json;charset=utf-8');
    toast.success('Verilerinizin kopyası indirildi');
  };
  return (
    <SettingsSection
      id="hesap-verilerim"
      title="Verilerim"
      description="KVKK kapsamında, hakkınızda sakladığımız her şeyin bir kopyasını tek bir JSON dosyası olarak indirebilirsiniz: hesap, profil, kartlar, ürünler, bağlantılar ve istatistik özetleri. Şifreniz dosyada yer almaz."
    >
      <div className="as-form__actions as-form__actions--start">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void onClick()}
          disabled={isFetching}
          aria-busy={isFetching}
        >
          {isFetching ? 'Hazırlanıyor...' : 'Verilerimin Kopyasını İndir'}
        </button>
      </div>
    </SettingsSection>
  );
}

export function AccountSettingsPage() {
  return (
    <div className="as-page">
      <title>Hesap Ayarları · Dijital Kartvizit</title>
      <header className="as-page__header">
        <h1>Hesap Ayarları</h1>
        <p>
          Adınızı, e-posta adresinizi, şifrenizi, hesabınızın güvenliğini, bildirimlerinizi ve verilerinizi buradan
          yönetin.
        </p>
      </header>
      <NameSection />
      <EmailChangeSection />
      <PasswordSection />
      <SecuritySection />
      <NotificationsSection />
      <DataSection />
      <DeleteAccountSection />
    </div>
  );
}
