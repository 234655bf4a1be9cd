import { lazy, Suspense, useEffect } from 'react';
import { PROFILE_MESSAGES } from '@kartvizit/schemas/profile/messages';
import { useAppSelector } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { selectCurrentUser } from '../account/session-slice.ts';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { profileLocksOf } from '../office/profile-locks.ts';
import { useGetProfileQuery } from './api.ts';
import './profile-page.css';

// The form is its own chunk, fetched while the profile loads: other signed-in pages never pay for it.
const loadEditor = () => import('./profile-editor.tsx');
const ProfileEditor = lazy(async () => ({ default: (await loadEditor()).ProfileEditor }));

/** SPEC §8: an unsuccessful answer says so (or gives the server's words); a failed request has its own text. */
function loadFailure(error: unknown, data: { readonly success: boolean; readonly message?: string } | undefined) {
  if (data && !data.success) return data.message || PROFILE_MESSAGES.profileLoadFailed;
  if (error) return serverProblem(error)?.message ?? PROFILE_MESSAGES.profileLoadError;
  return PROFILE_MESSAGES.profileLoadError;
}

/** Profile settings (SPEC "Profile settings"): spinner, then the form or why it could not load. */
export function ProfilePage() {
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading, isFetching, refetch } = useGetProfileQuery();
  // The office's locked fields (issue 30). If the office cannot be read, the form opens without them: the server
  // still refuses a change to a locked field, in words.
  const office = useGetCurrentOfficeQuery();
  const locks = profileLocksOf(office.data?.data);
  useEffect(() => {
    loadEditor().catch(() => undefined);
  }, []);

  let content;
  if (isLoading || office.isLoading) {
    content = <PageSpinner label="Profil yükleniyor..." />;
  } else if (data?.success) {
    // Once loaded, the form stays: a later background refetch that fails must not take it away.
    content = (
      <Suspense fallback={<PageSpinner label="Profil yükleniyor..." />}>
        <ProfileEditor profile={data.profile} user={user} locks={locks} />
      </Suspense>
    );
  } else {
    content = (
      <div className="panel pf-failure">
        <h2>{PROFILE_MESSAGES.profileNotFound}</h2>
        <p role="alert">{loadFailure(error, data)}</p>
        <p>{PROFILE_MESSAGES.profileNotFoundHint}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Yükleniyor...' : 'Tekrar Dene'}
        </button>
      </div>
    );
  }

  return (
    <div className="pf-page">
      <title>Profil Ayarları · Dijital Kartvizit</title>
      <header className="pf-page__header">
        <h1>Profil Ayarları</h1>
        <p>Dijital kartvizitinizde görünen her şeyi buradan düzenleyin.</p>
      </header>
      {content}
    </div>
  );
}
