/** What REMS registrations are made of, apart from their events. No imports: every side reads it by sub-path. */

/** How a registration stands for the owner: REMS took it ('success', SPEC), failed, or waits for REMS. */
export const REMS_REGISTRATION_DISPLAY_STATUSES = ['success', 'failed', 'pending'] as const;
export type RemsRegistrationDisplayStatus = (typeof REMS_REGISTRATION_DISPLAY_STATUSES)[number];
