import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './text-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid'>;

interface CardTextFieldProps extends InputProps {
  readonly label: string;
  readonly error?: string | null;
  readonly hint?: ReactNode;
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Sits right of the input (e.g. the check button). */
  readonly addon?: ReactNode;
  readonly inputClassName?: string;
}

/** Label, input, hint and this field's own message, wired together for assistive technology. */
export function CardTextField({
  label,
  error,
  hint,
  inputRef,
  addon,
  inputClassName,
  ...input
}: CardTextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="card-field">
      <label className="card-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={addon ? 'card-field__row' : undefined}>
        <input
          {...input}
          ref={inputRef}
          id={id}
          className={`card-field__input${inputClassName ? ` ${inputClassName}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {error && (
        <p id={errorId} className="card-field__error" role="alert">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="card-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
