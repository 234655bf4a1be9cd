/**
 * The meeting modals' default time, apart from the rules and their texts: the card page's 'Takvime Ekle', which every
 * visitor's script carries, needs this and nothing else of validation/meeting.ts.
 */

/** The calendar modal's default start: the next full hour after `now` (SPEC), in the browser's own clock. */
export function nextFullHour(now: Date): Date {
  const next = new Date(now.getTime());
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}
