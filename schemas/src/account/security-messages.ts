import { lockWait } from '../auth/messages.ts';

/** Texts of two-step sign-in, passkeys and sessions (issue 34), in proper Turkish. */
export const SECURITY_MESSAGES = {
  // Signing in with a second step
  secondStepRequired: 'Kimlik doğrulama uygulamanızdaki 6 haneli kodu girin',
  secondStepCodeMissing: 'Doğrulama kodunu girin',
  secondStepCodeWrong: 'Kod hatalı ya da süresi dolmuş. Uygulamadaki güncel kodu girin.',
  secondStepCodeReused: 'Bu kod az önce kullanıldı. Uygulamada yeni kodun çıkmasını bekleyin.',
  recoveryCodeWrong: 'Bu kurtarma kodu geçersiz ya da daha önce kullanılmış',
  secondStepChallengeInvalid: 'Giriş isteğinin süresi doldu. Lütfen e-posta ve şifrenizle yeniden giriş yapın.',
  // Setting it up and turning it off (/account, 'Güvenlik')
  twoFactorAlreadyOn: 'İki adımlı doğrulama zaten açık',
  twoFactorNotOn: 'İki adımlı doğrulama açık değil',
  twoFactorSetupMissing: 'Önce "İki Adımlı Doğrulamayı Aç" ile kurulumu başlatın',
  twoFactorEnabled: 'İki adımlı doğrulama açıldı. Kurtarma kodlarınızı güvenli bir yerde saklayın.',
  twoFactorDisabled: 'İki adımlı doğrulama kapatıldı',
  twoFactorDisableFieldsMissing: 'İki adımlı doğrulamayı kapatmak için şifrenizi ve bir doğrulama kodu girin',
  twoFactorRequiredByOffice:
    'Ofisiniz iki adımlı doğrulamayı zorunlu tutuyor; kapatmadan önce bir geçiş anahtarı ekleyin',
  // Passkeys
  passkeyNameMissing: 'Geçiş anahtarına bir ad verin',
  passkeyNameTooLong: 'Geçiş anahtarının adı en fazla 60 karakter olabilir',
  passkeyRegistrationFailed: 'Geçiş anahtarı doğrulanamadı. Lütfen tekrar deneyin.',
  passkeyAlreadyAdded: 'Bu geçiş anahtarı hesabınıza zaten ekli',
  passkeyAdded: 'Geçiş anahtarı eklendi',
  passkeyRemoved: 'Geçiş anahtarı kaldırıldı',
  passkeyNotFound: 'Geçiş anahtarı bulunamadı',
  passkeySignInFailed: 'Geçiş anahtarıyla giriş yapılamadı. Bu anahtar bir hesaba bağlı değil ya da kaldırılmış.',
  passkeyLastSecondStep:
    'Ofisiniz iki adımlı doğrulamayı zorunlu tutuyor; son geçiş anahtarınızı kaldırmadan önce iki adımlı doğrulamayı açın',
  // Sessions
  sessionEnded: 'Oturum sonlandırıldı',
  otherSessionsEnded: 'Diğer tüm oturumlar sonlandırıldı',
  noOtherSessions: 'Başka açık oturum yok',
  sessionNotFound: 'Oturum bulunamadı',
  signedOut: 'Çıkış yapıldı',
  // Offices
  officeSecurityOn: 'Ofisteki herkes için iki adımlı doğrulama veya geçiş anahtarı zorunlu',
  officeSecurityOff: 'İki adımlı doğrulama artık ofiste zorunlu değil',
  secondStepSetupRequired:
    'Ofisiniz iki adımlı doğrulamayı zorunlu tutuyor. Devam etmek için Hesap Ayarları’nda iki adımlı doğrulamayı açın ya da bir geçiş anahtarı ekleyin.',
} as const;

/** Too many wrong codes for this account (a 429): when to try again, like the password's lock. */
export function secondStepLockedMessage(retryAfterSeconds: number): string {
  return `Çok fazla hatalı doğrulama kodu girildi. Güvenliğiniz için lütfen ${lockWait(retryAfterSeconds)} sonra tekrar deneyin.`;
}
