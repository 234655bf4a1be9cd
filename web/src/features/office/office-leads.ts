import type { OfficeMemberView } from '@kartvizit/schemas/office/http';
import { memberName } from './office-forms.ts';

/** Who holds an office lead's card, as 'Ofis Bağlantıları' names them. */
export const LEAD_IN_POOL = 'Havuzda';
export const HOLDER_WHO_LEFT = 'Ofisten ayrılan danışman';

/**
 * The card's holder by name from the office's members: 'Havuzda' while the card is in the pool (null), and for a
 * holder with no member row (they left the office since) 'Ofisten ayrılan danışman'. Members not loaded yet: ''.
 */
export function leadHolderLabel(
  holderId: string | null,
  members: readonly Pick<OfficeMemberView, 'userId' | 'firstName' | 'lastName' | 'email'>[] | undefined,
): string {
  if (holderId === null) return LEAD_IN_POOL;
  if (members === undefined) return '';
  const member = members.find((each) => each.userId === holderId);
  return member ? memberName(member) : HOLDER_WHO_LEFT;
}
