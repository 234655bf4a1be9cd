import { Type, type Static } from 'typebox';
import { Position } from '../common/http.ts';
import { APPLE_LOG_MAX_ENTRIES, APPLE_LOG_MAX_LENGTH } from './model.ts';

/**
 * Apple's pass web service (issue 32), as Apple's "Wallet Passes web service reference" names its parts. The path
 * parameters are checked by the routes (their own Turkish messages); the bodies here.
 */

/** `/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}`. */
export const AppleRegistrationParams = Type.Object({
  deviceLibraryIdentifier: Type.String({ maxLength: 256 }),
  passTypeIdentifier: Type.String({ maxLength: 256 }),
  serialNumber: Type.String({ maxLength: 256 }),
});
export type AppleRegistrationParams = Static<typeof AppleRegistrationParams>;

/** `/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}`. */
export const AppleDeviceParams = Type.Object({
  deviceLibraryIdentifier: Type.String({ maxLength: 256 }),
  passTypeIdentifier: Type.String({ maxLength: 256 }),
});
export type AppleDeviceParams = Static<typeof AppleDeviceParams>;

/** `/v1/passes/{passTypeIdentifier}/{serialNumber}`. */
export const ApplePassParams = Type.Object({
  passTypeIdentifier: Type.String({ maxLength: 256 }),
  serialNumber: Type.String({ maxLength: 256 }),
});
export type ApplePassParams = Static<typeof ApplePassParams>;

export const AppleUpdatableQuery = Type.Object(
  { passesUpdatedSince: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
export type AppleUpdatableQuery = Static<typeof AppleUpdatableQuery>;

/** Apple's PushToken object. */
export const ApplePushTokenBody = Type.Object(
  { pushToken: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export type ApplePushTokenBody = Static<typeof ApplePushTokenBody>;

/** Apple's LogEntries object. */
export const AppleLogBody = Type.Object(
  {
    logs: Type.Array(Type.String({ maxLength: APPLE_LOG_MAX_LENGTH }), { maxItems: APPLE_LOG_MAX_ENTRIES }),
  },
  { additionalProperties: false },
);
export type AppleLogBody = Static<typeof AppleLogBody>;

/** Apple's SerialNumbers object: the passes that changed since the tag, and the tag to send next time. */
export const AppleSerialNumbers = Type.Object({
  serialNumbers: Type.Array(Type.String()),
  lastUpdated: Type.String(),
});
export type AppleSerialNumbers = Static<typeof AppleSerialNumbers>;

/** What the web service's commands answer (Wallet reads only the status). */
export const AppleWebServiceAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Type.Optional(Position),
});
export type AppleWebServiceAnswer = Static<typeof AppleWebServiceAnswer>;
