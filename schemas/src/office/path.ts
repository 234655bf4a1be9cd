import { MESSAGES } from '../messages.ts';
import { forbiddenError, notFoundError, validationError } from '../errors.ts';
import { UUID_PATTERN_ANY_CASE } from '../ids.ts';
import { isMemberOf, may, type Person } from '../access.ts';

/**
 * The office an office route's `{id}` names, as both APIs check it (issue 30, decision 61): only the person's own
 * office is found; any other id, theirs or nobody's, is "no such office" (404), so ids cannot be probed.
 */
export function ownOfficeId(person: Person, rawId: string): string {
  const officeId = rawId.trim().toLowerCase();
  if (!isMemberOf(person, officeId)) throw notFoundError(MESSAGES.officeNotFound);
  return officeId;
}

/**
 * The office of an admin's route: `{id}` must be an office id (400), the person's own office (404), and one they
 * administer (a Danışman hears why: 403), all before anything they sent is looked at.
 */
export function administeredOfficeId(person: Person, rawId: string): string {
  if (!UUID_PATTERN_ANY_CASE.test(rawId)) throw validationError(MESSAGES.officeIdInvalid, 'id');
  const officeId = ownOfficeId(person, rawId);
  if (!may(person, 'administer', { ownerId: null, officeId })) throw forbiddenError(MESSAGES.officeAdminOnly);
  return officeId;
}
