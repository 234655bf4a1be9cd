import { createContext, useContext, useId, type ReactNode } from 'react';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import type { OfficeTemplateField } from '@kartvizit/schemas/office/model';
import { NO_LOCKS, type ProfileLock, type ProfileLocks } from '../office/profile-locks.ts';

/** The fields the person's office locks (issue 30); sections ask for theirs instead of threading props. */
const LocksContext = createContext<ProfileLocks>(NO_LOCKS);

export function ProfileLocksProvider({
  locks,
  children,
}: {
  readonly locks: ProfileLocks;
  readonly children: ReactNode;
}) {
  return <LocksContext.Provider value={locks}>{children}</LocksContext.Provider>;
}

export function useProfileLock(field: OfficeTemplateField): ProfileLock | null {
  return useContext(LocksContext).get(field) ?? null;
}

/**
 * A field the office decides: read-only, the office's value and why it cannot be changed here. Not an input, so it
 * is neither sent nor focused by a message about it.
 */
export function LockedField({
  lock,
  label,
  wide = true,
}: {
  readonly lock: ProfileLock;
  readonly label?: string;
  readonly wide?: boolean;
}) {
  const id = useId();
  const value = lock.officeValue;
  return (
    <div
      className={wide ? 'form-field pf-field--wide pf-locked' : 'form-field pf-locked'}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-reason`}
    >
      <p id={`${id}-label`} className="form-field__label">
        <svg className="pf-locked__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M7 11V8a5 5 0 0 1 10 0v3M5.5 11h13v9h-13z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {label ?? lock.label} <span className="pf-locked__tag">Ofis tarafından kilitli</span>
      </p>
      {lock.field === 'companyLogo' && value !== '' ? (
        <img className="pf-locked__logo" src={value} alt="Ofisin logosu" />
      ) : (
        <p className="pf-locked__value">{value !== '' ? value : 'Ofisin bilgisi kartınızda gösterilir'}</p>
      )}
      <p id={`${id}-reason`} className="pf-field__hint">
        {OFFICE_MESSAGES.officeFieldLocked}
      </p>
    </div>
  );
}
