import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { focusField } from './form-fields.tsx';
import './auth.css';
import './account-settings.css';

/** One section of /account: a panel with its heading and a line on what it is for. */
export function SettingsSection({
  id,
  title,
  description,
  className,
  focusableTitle = false,
  children,
}: {
  /** The section's anchor (`/account#<id>`); its heading is `<id>-title`. */
  readonly id: string;
  readonly title: string;
  readonly description: ReactNode;
  readonly className?: string;
  /** The heading can take focus, for a section the app leads the person to. */
  readonly focusableTitle?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`panel as-section${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <header className="as-section__head">
        <h2 id={`${id}-title`} tabIndex={focusableTitle ? -1 : undefined}>
          {title}
        </h2>
        <p>{description}</p>
      </header>
      {children}
    </section>
  );
}

export interface FieldProblem<F extends string> {
  readonly message: string;
  /** The field it is about, or null for a message above the fields. */
  readonly field: F | null;
}

export interface SectionForm<F extends string> {
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly problem: FieldProblem<F> | null;
  /** Shows the problem and puts the cursor in its field (the first field when it names none). */
  readonly fail: (problem: FieldProblem<F>) => void;
  readonly clear: () => void;
  readonly fieldError: (field: F) => string | null;
}

export function useSectionForm<F extends string>(firstField: F): SectionForm<F> {
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<FieldProblem<F> | null>(null);
  return {
    formRef,
    problem,
    fail: (next) => {
      setProblem(next);
      focusField(formRef.current, next.field ?? firstField);
    },
    clear: () => setProblem(null),
    fieldError: (field) => (problem?.field === field ? problem.message : null),
  };
}

/** A section's form: the message no field owns above the fields, the submit button below them. */
export function SettingsForm<F extends string>({
  formRef,
  problem,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: {
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly problem: FieldProblem<F> | null;
  readonly busy: boolean;
  readonly submitLabel: string;
  readonly busyLabel: string;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  readonly children: ReactNode;
}) {
  return (
    <form ref={formRef} className="as-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      {problem && problem.field === null && (
        <div className="alert" role="alert">
          {problem.message}
        </div>
      )}
      {children}
      <div className="as-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
