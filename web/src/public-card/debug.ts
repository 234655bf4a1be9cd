/** What the card page's scripts note for a developer: never shown to visitors, never sent anywhere. */
export function debug(...details: unknown[]): void {
  console.debug('[kartvizit]', ...details);
}
