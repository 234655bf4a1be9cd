import { MESSAGES, forbiddenError, notFoundError, validationError } from '@kartvizit/schemas';
import { isMemberOf, may, type Person } from '@kartvizit/schemas/access';
import { UUID_PATTERN_ANY_CASE } from '@kartvizit/schemas/ids';

/** `{id}` if it is the person's own office (read fresh at this request) and they administer it. */
export function administeredOffice(person: Person, rawId: string): string {
  if (!UUID_PATTERN_ANY_CASE.test(rawId)) throw validationError(MESSAGES.officeIdInvalid, 'id');
  const officeId = rawId.toLowerCase();
  if (!isMemberOf(person, officeId)) throw notFoundError(MESSAGES.officeNotFound);
  if (!may(person, 'administer', { ownerId: null, officeId })) throw forbiddenError(MESSAGES.officeAdminOnly);
  return officeId;
}
