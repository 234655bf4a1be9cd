import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { Brand } from '../../shared/ui/brand.tsx';
import { selectSessionStatus } from '../account/session-slice.ts';
import './site-header.css';

const LINKS = [
  { to: '/features', label: 'Özellikler' },
  { to: '/pricing', label: 'Fiyatlandırma' },
  { to: '/about', label: 'Hakkımızda' },
] as const;

export function SiteHeader() {
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Brand />
        <div className="site-header__quick">
          {signedIn ? (
            <Link className="btn btn--primary site-header__small-btn" to="/dashboard">
              Panelim
            </Link>
          ) : (
            <Link className="btn btn--secondary site-header__small-btn" to="/auth/login">
              Giriş Yap
            </Link>
          )}
          <button
            type="button"
            className="site-header__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <span className="visually-hidden">Menü</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {open ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
        <nav id={menuId} className="site-nav" data-open={open} aria-label="Ana menü">
          <ul className="site-nav__links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="site-nav__actions">
            {signedIn ? (
              <Link className="btn btn--primary" to="/dashboard">
                Panelim
              </Link>
            ) : (
              <>
                <NavLink to="/auth/login" className="site-nav__link">
                  Giriş Yap
                </NavLink>
                <Link className="btn btn--primary" to="/auth/register">
                  Kayıt Ol
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
