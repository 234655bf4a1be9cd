import { Type, type Static } from 'typebox';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { User } from './auth.ts';
import { Position } from './common.ts';

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
