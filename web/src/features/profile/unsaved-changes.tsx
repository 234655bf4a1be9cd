import { useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '../card/dialog.tsx';

export const UNSAVED_CHANGES_TEXT = {
  title: 'Sayfadan ayrılmak istiyor musunuz?',
  description: 'Kaydedilmemiş değişiklikler var. Sayfadan ayrılırsanız kaybolacak.',
  stay: 'Sayfada Kal',
  leave: 'Ayrıl',
} as const;

/**
 * Leaving for another page of the app asks first while there are unsaved edits. Moving within the
 * page (its section links change only the hash) never asks, and neither does going to sign-in:
 * that happens when the session has ended (signed out, or refused by the server), and the edits
 * could not be saved without a session anyway.
 */
export const leavesWithUnsavedEdits =
  (dirty: boolean): BlockerFunction =>
  ({ currentLocation, nextLocation }) =>
    dirty && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/auth/');

/**
 * Guards unsaved edits: an in-app dialog for navigation inside the app (react-router's blocker),
 * the browser's own prompt for reload, close and typed addresses. Both only while `dirty`.
 */
export function UnsavedChangesGuard({ dirty }: { readonly dirty: boolean }) {
  const blocker = useBlocker(leavesWithUnsavedEdits(dirty));

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Saved (or typed back) while the question was open: nothing is lost any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={UNSAVED_CHANGES_TEXT.title}
      description={UNSAVED_CHANGES_TEXT.description}
      cancelLabel={UNSAVED_CHANGES_TEXT.stay}
      confirmLabel={UNSAVED_CHANGES_TEXT.leave}
      tone="danger"
      busy={false}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
