import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';
import { useAppDispatch } from '../../app/hooks.ts';
import type { AppDispatch } from '../../app/store.ts';
import { keepFirstVisit } from './keep-first-visit.ts';
import { OFFLINE_TEXT } from './texts.ts';

const UPDATE_TOAST_ID = 'new-version';
let registered = false;

/**
 * Registers the service worker (src/sw.ts) once the signed-in screens open: the landing page, the sign-in pages and
 * the server-rendered public pages never register one. A new build waits until the person chooses to reload into it
 * ('prompt'), instead of silently serving the old app or swapping it under their hands.
 */
function registerServiceWorker(dispatch: AppDispatch): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  // Not yet controlled: this is the first visit (or the worker was removed). When the worker takes the page, what
  // the visit loaded so far is asked for again through it, so it is kept without a second visit.
  if (navigator.serviceWorker.controller === null) {
    navigator.serviceWorker.addEventListener('controllerchange', () => void dispatch(keepFirstVisit()), { once: true });
  }
  const update = registerSW({
    onNeedRefresh() {
      toast(OFFLINE_TEXT.updateReady, {
        id: UPDATE_TOAST_ID,
        duration: Number.POSITIVE_INFINITY,
        action: { label: OFFLINE_TEXT.updateAction, onClick: () => void update(true) },
      });
    },
    onRegisterError(error: unknown) {
      console.warn('Servis çalışanı kaydedilemedi; uygulama çevrimdışı açılamayacak', error);
    },
  });
}

/** The signed-in part of the app as an installable, offline-capable app (issue 17). */
export function InstallableApp() {
  const dispatch = useAppDispatch();
  useEffect(() => registerServiceWorker(dispatch), [dispatch]);
  return <Outlet />;
}
