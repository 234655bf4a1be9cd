import { describe, expect, it } from 'vitest';
import { leavesWithUnsavedEdits } from './leave-rule.ts';

const from = (pathname: string) => ({ pathname });
const asks = (dirty: boolean, current: string, next: string) =>
  leavesWithUnsavedEdits(dirty)({ currentLocation: from(current), nextLocation: from(next) });

describe('leaving the profile with unsaved edits', () => {
  it('asks before another page of the app', () => {
    expect(asks(true, '/profile', '/cards')).toBe(true);
    expect(asks(true, '/profile', '/dashboard')).toBe(true);
  });

  it('does not ask when nothing is unsaved', () => {
    expect(asks(false, '/profile', '/cards')).toBe(false);
  });

  it('does not ask for a move within the page (a section link changes only the hash)', () => {
    expect(asks(true, '/profile', '/profile')).toBe(false);
  });

  it('does not ask on the way to sign-in: the session has ended and nothing could be saved', () => {
    expect(asks(true, '/profile', '/auth/login')).toBe(false);
  });
});
