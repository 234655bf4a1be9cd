import { Suspense, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { displayUpper } from '@kartvizit/schemas/text';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Brand } from '../../shared/ui/brand.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetMeQuery } from '../account/api.ts';
import { selectCurrentUser, selectSessionStatus } from '../account/session-slice.ts';
import { signOut } from '../account/session.ts';
import { OfflineBanner } from '../offline/offline-banner.tsx';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { officeNavGroup } from '../office/office-nav.ts';
import { NAV_GROUPS, type NavGroup } from './nav-items.ts';
import './app-layout.css';

function NavIcon({ path }: { readonly path: string }) {
  return (
    <svg className="sidebar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Sidebar and content area of every signed-in page. */
export function AppLayout() {
  const user = useAppSelector(selectCurrentUser);
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  // Re-checks the session when the tab regains focus, so a revoked token is noticed without a reload.
  useGetMeQuery(undefined, { skip: !signedIn, refetchOnFocus: true });
  // The 'OFİS' group follows the person's office and role (issue 30); on focus too, so a removed member's menu follows.
  const { data: currentOffice } = useGetCurrentOfficeQuery(undefined, { skip: !signedIn, refetchOnFocus: true });
  const officeGroup = officeNavGroup(currentOffice ? (currentOffice.data?.role ?? null) : undefined);
  const groups: readonly NavGroup[] = officeGroup
    ? [...NAV_GROUPS.slice(0, 2), officeGroup, ...NAV_GROUPS.slice(2)]
    : NAV_GROUPS;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on: following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const sidebarId = useId();

  const firstName = user?.firstName.trim() || MESSAGES.defaultUserName;
  const initials = displayUpper(`${user?.firstName.trim().charAt(0) ?? ''}${user?.lastName.trim().charAt(0) ?? ''}`);

  const logout = () => {
    dispatch(signOut());
    void navigate('/auth/login', { replace: true });
  };

  return (
    <div
      className="shell"
      data-menu-open={menuOpen}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) setMenuOpenOn(null);
      }}
    >
      <a className="skip-link" href="#main">
        İçeriğe geç
      </a>
      <header className="shell__topbar">
        <Brand to="/dashboard" />
        <button
          type="button"
          className="shell__toggle"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span>Menü</span>
        </button>
      </header>

      <aside id={sidebarId} className="sidebar" aria-label="Panel menüsü">
        <div className="sidebar__brand">
          <Brand to="/dashboard" />
        </div>
        <nav className="sidebar__nav" aria-label="Panel bölümleri">
          {groups.map((group) => (
            <div key={group.title} className="sidebar__group">
              <p className="sidebar__group-title" id={`${sidebarId}-${group.title}`}>
                {group.title}
              </p>
              <ul aria-labelledby={`${sidebarId}-${group.title}`}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className="sidebar__link">
                      <NavIcon path={item.icon} />
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="sidebar__user">
          <div className="sidebar__identity">
            <span className="sidebar__avatar" aria-hidden="true">
              {initials || 'K'}
            </span>
            <span className="sidebar__who">
              <span className="sidebar__name">{firstName}</span>
              {user?.email && (
                <span className="sidebar__email" title={user.email}>
                  {user.email}
                </span>
              )}
            </span>
          </div>
          <button type="button" className="btn btn--secondary btn--block sidebar__logout" onClick={logout}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Çıkış Yap
          </button>
        </div>
      </aside>
      {menuOpen && <div className="shell__backdrop" aria-hidden="true" onClick={() => setMenuOpenOn(null)} />}

      <main id="main" className="shell__main" tabIndex={-1}>
        <OfflineBanner />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
