import { Type, type Static } from 'typebox';
import { MAX_DEVICE_TOKENS, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { Position } from '../common/http.ts';

/**
 * The account's security (issue 34, decision 65): two-step sign-in with an authenticator app (TOTP), passkeys
 * (WebAuthn) and the sessions the owner can see and end. Secrets are in none of these answers except where the owner
 * must see them once: the TOTP secret at setup and the recovery codes at enabling.
 */

const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH * 2 });
/** Six digits, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are forgiven. */
const Code = Type.String({ maxLength: 40 });
const DeviceTokens = Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_DEVICE_TOKENS }));

/** The answer to a right password on an account with two-step sign-in: no session yet, a challenge for the code. */
export const SecondStepRequired = Type.Object({
  success: Type.Literal(true),
  twoFactorRequired: Type.Literal(true),
  /** Single use, five minutes; sent back with the code to `POST /api/auth/2fa/verify`. */
  challenge: Type.String(),
  message: Type.String(),
});
export type SecondStepRequired = Static<typeof SecondStepRequired>;

/** `POST /api/auth/2fa/verify`: the challenge and a code from the app, or one of the recovery codes. */
export const VerifySecondStepBody = Type.Object(
  { challenge: Type.String({ maxLength: 200 }), code: Code, deviceTokens: DeviceTokens },
  { additionalProperties: false },
);
export type VerifySecondStepBody = Static<typeof VerifySecondStepBody>;

/** `POST /api/auth/2fa/setup`: a new secret, not in effect until one code confirms it (enable). */
export const TwoFactorSetupResponse = Type.Object({
  success: Type.Literal(true),
  /** Base32, as an authenticator app takes it typed in. */
  secret: Type.String(),
  /** `otpauth://totp/…`, for the QR code. */
  otpauthUrl: Type.String(),
});
export type TwoFactorSetupResponse = Static<typeof TwoFactorSetupResponse>;

/** `POST /api/auth/2fa/enable`: the first code from the app. */
export const EnableTwoFactorBody = Type.Object({ code: Code }, { additionalProperties: false });
export type EnableTwoFactorBody = Static<typeof EnableTwoFactorBody>;

export const EnableTwoFactorResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** Ten single-use codes, shown this once (kept hashed). */
  recoveryCodes: Type.Array(Type.String()),
  position: Position,
});
export type EnableTwoFactorResponse = Static<typeof EnableTwoFactorResponse>;

/** `POST /api/auth/2fa/disable`: the password and a code (or a recovery code). */
export const DisableTwoFactorBody = Type.Object({ password: Password, code: Code }, { additionalProperties: false });
export type DisableTwoFactorBody = Static<typeof DisableTwoFactorBody>;

/** What a change on /account's 'Güvenlik' answers. */
export const SecurityChangeResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** Absent when nothing changed. */
  position: Type.Optional(Position),
});
export type SecurityChangeResponse = Static<typeof SecurityChangeResponse>;

/**
 * WebAuthn's options and responses travel as the JSON shapes @simplewebauthn defines (PublicKeyCredential…JSON);
 * the server checks them, so here they are only bounded.
 */
const WebAuthnJson = Type.Record(Type.String(), Type.Unknown());

/** `POST /api/auth/passkeys/register/options` and `POST /api/auth/passkeys/login/options`. */
export const PasskeyOptionsResponse = Type.Object({ success: Type.Literal(true), options: WebAuthnJson });
export type PasskeyOptionsResponse = Static<typeof PasskeyOptionsResponse>;

/** `POST /api/auth/passkeys`: the browser's registration response and the name the owner gives the passkey. */
export const AddPasskeyBody = Type.Object(
  { name: Type.String({ maxLength: 200 }), response: WebAuthnJson },
  { additionalProperties: false },
);
export type AddPasskeyBody = Static<typeof AddPasskeyBody>;

export const Passkey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Passkey = Static<typeof Passkey>;

export const AddPasskeyResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  passkey: Passkey,
  position: Position,
});
export type AddPasskeyResponse = Static<typeof AddPasskeyResponse>;

/** `POST /api/auth/passkeys/login`: the browser's assertion (a discoverable credential: no address typed). */
export const PasskeyLoginBody = Type.Object(
  { response: WebAuthnJson, deviceTokens: DeviceTokens },
  { additionalProperties: false },
);
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

export const AccountSession = Type.Object({
  id: Type.String(),
  /** The session this request was made with. */
  current: Type.Boolean(),
  device: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  method: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
});
export type AccountSession = Static<typeof AccountSession>;

/** `GET /api/account/security`: what /account's 'Güvenlik' shows. */
export const AccountSecurity = Type.Object({
  twoFactor: Type.Object({
    enabled: Type.Boolean(),
    enabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    recoveryCodesLeft: Type.Integer(),
  }),
  passkeys: Type.Array(Passkey),
  /** The live sessions, the current one first, then by last use. */
  sessions: Type.Array(AccountSession),
  /** The person's office asks every member for two-step sign-in or a passkey. */
  officeRequiresSecondStep: Type.Boolean(),
});
export type AccountSecurity = Static<typeof AccountSecurity>;

export const AccountSecurityResponse = Type.Object({ success: Type.Literal(true), security: AccountSecurity });
export type AccountSecurityResponse = Static<typeof AccountSecurityResponse>;

/** `POST /api/account/sessions/end-others`. */
export const EndSessionsResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  ended: Type.Integer(),
  position: Type.Optional(Position),
});
export type EndSessionsResponse = Static<typeof EndSessionsResponse>;

/** `PUT /api/offices/{id}/security` (an office admin): whether every member must have two-step sign-in or a passkey. */
export const OfficeSecurityBody = Type.Object({ requireSecondStep: Type.Boolean() }, { additionalProperties: false });
export type OfficeSecurityBody = Static<typeof OfficeSecurityBody>;

export { RECOVERY_CODE_COUNT, SECOND_STEP_SETUP_FIELD, SIGN_IN_METHODS, type SignInMethod } from './security-rules.ts';
