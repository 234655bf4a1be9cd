import { Link } from 'react-router-dom';

/** Linked from sign-in; e-mail reset does not exist yet and the page says so. */
export function ForgotPasswordPage() {
  return (
    <div className="auth-page">
      <title>Şifremi Unuttum · Dijital Kartvizit</title>
      <h1>Şifremi Unuttum</h1>
      <div className="auth-page__notice">
        <p>
          <strong>E-posta ile şifre sıfırlama yakında kullanıma açılacak.</strong>
        </p>
        <p>
          Bu özellik henüz hazır değil. Şifrenizi hatırlıyorsanız giriş yapabilir ya da yeni bir hesap
          oluşturabilirsiniz.
        </p>
      </div>
      <div className="auth-page__actions">
        <Link className="btn btn--primary btn--lg btn--block" to="/auth/login">
          Giriş Sayfasına Dön
        </Link>
        <Link className="btn btn--secondary btn--lg btn--block" to="/auth/register">
          Yeni Hesap Oluştur
        </Link>
      </div>
    </div>
  );
}
