import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { leavesWithUnsavedEdits } from './leave-rule.ts';

const UNSAVED_CHANGES_TEXT = {
  title: 'Sayfadan ayrılmak istiyor musunuz?',
  description: 'Kaydedilmemiş değişiklikler var. Sayfadan ayrılırsanız kaybolacak.',
  stay: 'Sayfada Kal',
  leave: 'Ayrıl',
} as const;

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
