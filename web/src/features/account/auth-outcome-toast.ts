/**
 * The sign-in and registration forms' outcome toasts share one slot: a success replaces the failure still on screen
 * (sonner updates the toast with the same id), so a wrong password's message does not follow the owner onto the
 * dashboard once the next try succeeds.
 */
export const AUTH_OUTCOME = { id: 'auth-outcome' } as const;
