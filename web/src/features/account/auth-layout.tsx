import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Brand } from '../../shared/ui/brand.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import './auth.css';

const POINTS = [
  'NFC ve QR ile tek dokunuşta paylaşım',
  'Ziyaret ve tıklama istatistikleri',
  'Ürün kataloğu ve güncel iletişim bilgileri',
] as const;

/** Marketing panel on the left, the form on the right; stacked on phones. */
export function AuthLayout() {
  return (
    <div className="auth">
      <aside className="auth__panel">
        <Brand tone="light" />
        <div className="auth__pitch">
          <p className="auth__pitch-title">Kartvizitiniz cebinizde, müşterileriniz bir dokunuş uzağınızda.</p>
          <ul className="auth__points">
            {POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <p className="auth__copyright">© 2025 Dijital Kartvizit</p>
      </aside>
      <main id="main" className="auth__main">
        <div className="auth__form-area">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
