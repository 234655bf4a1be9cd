import { Link } from 'react-router-dom';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { Brand } from '../../shared/ui/brand.tsx';
import './site-footer.css';

const GROUPS = [
  {
    title: 'Ürün',
    links: [
      { to: '/features', label: 'Özellikler' },
      { to: '/pricing', label: 'Fiyatlandırma' },
      { to: '/faq', label: 'Sıkça Sorulan Sorular' },
    ],
  },
  {
    title: 'Şirket',
    links: [
      { to: '/about', label: 'Hakkımızda' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'İletişim' },
    ],
  },
  {
    title: 'Yasal',
    links: [
      { to: LEGAL_PATHS.disclosure, label: 'KVKK Aydınlatma Metni' },
      { to: LEGAL_PATHS.privacy, label: 'Gizlilik Politikası' },
      { to: LEGAL_PATHS.terms, label: 'Kullanım Koşulları' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <Brand tone="light" />
          <p>NFC ve QR kod ile tek dokunuşta paylaşılan, Türkçe dijital kartvizit.</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer__bottom">
        <p className="container">© 2025 Dijital Kartvizit</p>
      </div>
    </footer>
  );
}
