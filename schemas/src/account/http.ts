import { Type, type Static } from 'typebox';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { User } from '../auth/http.ts';
import { Position } from '../common/http.ts';

// Lengths here only bound the work the server does; the Turkish rules live in validation/auth.ts.
const Name = Type.String({ maxLength: NAME_MAX_LENGTH * 2 });

/** `PUT /api/account/name`: the owner's new first and last name. */
export const RenameAccountBody = Type.Object({ firstName: Name, lastName: Name }, { additionalProperties: false });
export type RenameAccountBody = Static<typeof RenameAccountBody>;

export const RenameAccountResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  user: User,
  /** Absent when nothing changed (the same name or setting again). */
  position: Type.Optional(Position),
});
export type RenameAccountResponse = Static<typeof RenameAccountResponse>;

/** `PUT /api/account/lead-alerts`: whether an e-mail goes to the owner when a visitor leaves their details. */
export const LeadAlertsBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type LeadAlertsBody = Static<typeof LeadAlertsBody>;

export const LeadAlertsResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  enabled: Type.Boolean(),
  /** Absent when nothing changed (the same name or setting again). */
  position: Type.Optional(Position),
});
export type LeadAlertsResponse = Static<typeof LeadAlertsResponse>;

/** `GET /api/account/settings`: what /account shows besides the user itself. */
export const AccountSettings = Type.Object({ leadAlerts: Type.Boolean() });
export type AccountSettings = Static<typeof AccountSettings>;

export const AccountSettingsResponse = Type.Object({ success: Type.Literal(true), settings: AccountSettings });
export type AccountSettingsResponse = Static<typeof AccountSettingsResponse>;

/**
 * `DELETE /api/account`: the owner's password, asked again (the screen also has them type their e-mail address, as a
 * guard against a slip; the server needs only the password).
 */
export const DeleteAccountBody = Type.Object(
  { password: Type.String({ maxLength: PASSWORD_MAX_LENGTH * 2 }) },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const DeleteAccountResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type DeleteAccountResponse = Static<typeof DeleteAccountResponse>;

/** `POST /api/account/email`: the address to move to, and the current password (asked again, like GitHub does). */
export const ChangeEmailBody = Type.Object(
  {
    newEmail: Type.String({ maxLength: EMAIL_MAX_LENGTH + 50 }),
    password: Type.String({ maxLength: PASSWORD_MAX_LENGTH * 2 }),
  },
  { additionalProperties: false },
);
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

export const ChangeEmailResponse = Type.Object({
  success: Type.Literal(true),
  /** Names the new address; the account keeps the old one until the link is opened. */
  message: Type.String(),
  position: Position,
});
export type ChangeEmailResponse = Static<typeof ChangeEmailResponse>;

/** `POST /api/account/email/confirm`: the token of the link e-mailed to the new address (public, like the reset). */
export const ConfirmEmailBody = Type.Object(
  { token: Type.String({ maxLength: 300 }) },
  { additionalProperties: false },
);
export type ConfirmEmailBody = Static<typeof ConfirmEmailBody>;

/** The name of the KVKK export's file (`GET /api/account/export`), dated in Istanbul. */
export function accountExportFileName(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return `kartvizit-verilerim-${day}.json`;
}
