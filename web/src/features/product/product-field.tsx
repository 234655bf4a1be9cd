import type { ReactNode } from 'react';
import { productFieldId } from './product-form.ts';

interface FieldProps {
  readonly field: string;
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly wide?: boolean;
  readonly required?: boolean;
  readonly children: (control: {
    readonly id: string;
    readonly name: string;
    readonly className: string;
    readonly required?: boolean;
    readonly 'aria-invalid': true | undefined;
    readonly 'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** Label, control, hint and the field's own message, wired together for assistive technology. */
export function Field({ field, label, error, hint, wide, required, children }: FieldProps) {
  const id = productFieldId(field);
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={wide ? 'form-field product-form__wide' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id,
        name: field,
        className: 'form-field__input',
        ...(required ? { required: true } : {}),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
      {error && (
        <p id={errorId} className="product-field__error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="product-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
