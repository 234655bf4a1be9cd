import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid'>;

interface TextFieldProps extends InputProps {
  readonly label: string;
  readonly error?: string | null;
  /** True when the form-level message is about this field too. */
  readonly invalid?: boolean;
  readonly hint?: string;
  readonly labelAside?: ReactNode;
  /** A control shown inside the input's right edge (e.g. show password). */
  readonly trailing?: ReactNode;
  /** The input itself, e.g. for a dialog to focus it when it opens. */
  readonly inputRef?: Ref<HTMLInputElement>;
}

/** Label, input, hint and this field's own error, wired together for assistive technology. */
export function TextField({ label, error, invalid, hint, labelAside, trailing, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field__input"
          aria-invalid={Boolean(error) || invalid ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** Names what the toggle reveals, e.g. "şifreyi" or "şifre tekrarını". */
  readonly revealLabel: string;
}

export function PasswordField({ revealLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          className="password-field__toggle"
          aria-pressed={visible}
          aria-label={`${revealLabel} göster`}
          onClick={() => setVisible((value) => !value)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}

/** Moves focus to a form's input by name, so a failed submit lands the user on what to fix. */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLInputElement) element.focus();
}
