/** What the public pages' scripts (card, product) note for a developer: never shown to visitors, never sent anywhere. */
export function debug(...details: unknown[]): void {
  console.debug('[kartvizit]', ...details);
}
