import {
  useLayoutEffect,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { compactIban, formatIban, formattedCaret } from './iban.ts';
import '../../shared/ui/form-field.css';

/**
 * Inputs of the profile form. Each is found by the dotted path the server names in its errors
 * (`bankAccounts.0.iban`), so a message from either side lands beside the right field.
 */

export function fieldId(path: string): string {
  return `profile-${path.replace(/\./gu, '-')}`;
}

/** Moves focus to the field a message is about; false when no such field is on the screen. */
export function focusFieldPath(path: string): boolean {
  const element = document.getElementById(fieldId(path));
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  return true;
}

interface FieldFrameProps {
  readonly path: string;
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly optional?: boolean;
  readonly wide?: boolean;
  readonly children: (control: {
    readonly id: string;
    readonly name: string;
    readonly 'aria-invalid': true | undefined;
    readonly 'aria-describedby': string | undefined;
  }) => ReactNode;
}

function FieldFrame({ path, label, error, hint, optional, wide, children }: FieldFrameProps) {
  const id = fieldId(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'form-field pf-field--wide' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional && <span className="pf-field__optional"> (isteğe bağlı)</span>}
      </label>
      {children({ id, name: path, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="pf-field__error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="pf-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

interface TextFieldProps extends NativeInput {
  readonly path: string;
  readonly label: ReactNode;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly optional?: boolean;
  readonly wide?: boolean;
}

export function TextField({ path, label, value, onValue, error, hint, optional, wide, ...input }: TextFieldProps) {
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} optional={optional} wide={wide}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          className="form-field__input pf-input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

type NativeTextArea = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'name' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

interface TextAreaFieldProps extends NativeTextArea {
  readonly path: string;
  readonly label: ReactNode;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly optional?: boolean;
}

export function TextAreaField({ path, label, value, onValue, error, hint, optional, ...area }: TextAreaFieldProps) {
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} optional={optional} wide>
      {(control) => (
        <textarea
          rows={4}
          {...area}
          {...control}
          className="form-field__input pf-input pf-input--area"
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

type NativeSelect = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'name' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

interface SelectFieldProps extends NativeSelect {
  readonly path: string;
  readonly label: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
}

export function SelectField({ path, label, value, onValue, options, error, hint, ...select }: SelectFieldProps) {
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint}>
      {(control) => (
        <select
          {...select}
          {...control}
          className="form-field__input pf-input pf-input--select"
          value={value}
          onChange={(event) => onValue(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface IbanFieldProps {
  readonly path: string;
  readonly label: string;
  /** Without spaces; shown in groups of four. */
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly onBlur?: () => void;
  readonly error?: string | undefined;
}

/** Groups the IBAN in fours as it is typed, keeping the caret beside the character it was at. */
export function IbanField({ path, label, value, onValue, onBlur, error }: IbanFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = input.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (element && caret !== null && document.activeElement === element) element.setSelectionRange(caret, caret);
  });
  return (
    <FieldFrame
      path={path}
      label={label}
      error={error}
      hint="Türkiye’deki hesaplar için TR ile başlayan 26 karakter"
      wide
    >
      {(control) => (
        <input
          {...control}
          ref={input}
          className="form-field__input pf-input pf-input--iban"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={42}
          placeholder="TR00 0000 0000 0000 0000 0000 00"
          value={formatIban(value)}
          onBlur={onBlur}
          onChange={(event) => {
            const typed = event.target.value;
            pendingCaret.current = formattedCaret(
              typed,
              event.target.selectionStart ?? typed.length,
              formatIban(typed),
            );
            onValue(compactIban(typed));
          }}
        />
      )}
    </FieldFrame>
  );
}
