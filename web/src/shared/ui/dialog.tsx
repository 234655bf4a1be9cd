import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './dialog.css';

interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly description?: ReactNode;
  readonly children?: ReactNode;
  /** Buttons along the bottom edge. */
  readonly actions?: ReactNode;
  /** Receives focus when the dialog opens; default: the first focusable element. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly size?: 'small' | 'medium';
  /** While true, Esc and the backdrop do not close (e.g. a request is running). */
  readonly busy?: boolean;
}

/**
 * A modal built on the native `<dialog>`: the browser makes the page behind it inert, keeps
 * focus inside and closes it on Esc. We add the label, the backdrop click and focus return.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  initialFocus,
  size = 'small',
  busy = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const returnFocusTo = useRef<Element | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement;
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  // Closing by unmounting (the page navigated away) must also hand focus back.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    if (open) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Esc: we decide, so React state and the element never disagree.
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        // Chrome closes anyway on a repeated Esc; keep React's state in step with the element.
        if (openRef.current) onClose();
      }}
      onClick={(event) => {
        // A click on the element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      {open && (
        <div className="dialog__body">
          <div className="dialog__head">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="dialog__close"
              aria-label="Kapat"
              disabled={busy}
              onClick={onClose}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="dialog__description">
              {description}
            </div>
          )}
          {children}
          {actions && <div className="dialog__actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}

interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly description: ReactNode;
  readonly confirmLabel: string;
  /** The safe choice, which has the focus. */
  readonly cancelLabel?: string;
  readonly busyLabel?: string;
  readonly tone?: 'danger' | 'primary';
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** "Are you sure?" as a real dialog; the safe choice (Vazgeç unless named) has the focus. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Vazgeç',
  busyLabel = 'İşleniyor...',
  tone = 'primary',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      initialFocus={cancelRef}
      busy={busy}
      actions={
        <>
          <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'btn dialog__danger' : 'btn btn--primary'}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    />
  );
}
