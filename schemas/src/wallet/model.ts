/**
 * Apple's pass web service (issue 32): what a device sends us, and how much of it we take. The device library
 * identifier and the push token are Apple's (a device's); their shapes here are generous bounds, not Apple's promise.
 */

/** Wallet's device library identifier: letters, digits, dots, hyphens, underscores (Apple sends 32 hex digits). */
export const APPLE_DEVICE_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/u;
/** An APNs device token: hex digits (64 today; Apple says tokens may grow, so up to 200). */
export const APPLE_PUSH_TOKEN_PATTERN = /^[0-9A-Fa-f]{16,200}$/u;
/** `passesUpdatedSince`: the tag we answered before, milliseconds since 1970 as digits. */
export const APPLE_UPDATE_TAG_PATTERN = /^\d{1,15}$/u;

/** POST /v1/log: at most this many messages, each cut to this many characters. */
export const APPLE_LOG_MAX_ENTRIES = 100;
export const APPLE_LOG_MAX_LENGTH = 2000;

/** Why a device stopped receiving a pass's pushes: Wallet said so (the pass was removed), or APNs said the token is gone. */
export const APPLE_UNREGISTER_REASONS = ['device', 'apns-gone'] as const;
export type AppleUnregisterReason = (typeof APPLE_UNREGISTER_REASONS)[number];
