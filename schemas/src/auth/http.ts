import { Type, type Static } from 'typebox';
import { EMAIL_MAX_LENGTH, MAX_DEVICE_TOKENS, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { Position } from '../common/http.ts';

// Lengths here only bound the work the server does; the Turkish rules live in validation/auth.ts.
const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH + 50 });
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH * 2 });
const Name = Type.String({ maxLength: NAME_MAX_LENGTH * 2 });

export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type User = Static<typeof User>;

export const RegisterBody = Type.Object(
  { email: Email, password: Password, firstName: Name, lastName: Name },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Password,
    /** This browser's device tokens (from earlier sign-ins); one issued for this address eases throttling. */
    deviceTokens: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_DEVICE_TOKENS })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ChangePasswordBody = Type.Object(
  { currentPassword: Password, newPassword: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** `POST /api/auth/forgot-password`: always the same answer, whether or not an account has the address. */
export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ForgotPasswordResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });

/** `POST /api/auth/reset-password`: the token from the e-mail's link and the new password. */
export const ResetPasswordBody = Type.Object(
  { token: Type.String({ maxLength: 300 }), newPassword: Password },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const AuthSuccess = Type.Object({
  success: Type.Literal(true),
  token: Type.String(),
  user: User,
  message: Type.String(),
  /** Marks this browser as a known device of the address; keep it after signing out. */
  deviceToken: Type.String(),
  position: Type.Optional(Position),
});
export type AuthSuccess = Static<typeof AuthSuccess>;

export const MeResponse = Type.Object({ success: Type.Literal(true), user: User });
export type MeResponse = Static<typeof MeResponse>;

export const ChangePasswordResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** A fresh token: tokens issued before the change stop working. */
  token: Type.String(),
  position: Position,
});
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;

/** Claims inside the session token. `exp` and `iat` are in seconds (SPEC §9). */
export interface SessionClaims {
  readonly sub: string;
  readonly exp: number;
  readonly iat: number;
}
