import { LEAD_STATUSES, type LeadStatus } from './events.ts';
import { LEAD_FOLLOW_UP_MESSAGES } from './messages.ts';

/**
 * The owner's follow-up of a lead on 'Bağlantılar' (issue 13): its status and a private note. Pure
 * rules the screen and the server share; no TypeBox and no phone metadata, so the web imports this
 * file by sub-path.
 */

/** Characters (code points) of a note; the owner's own words about one visitor, not a document. */
export const LEAD_NOTE_MAX_LENGTH = 2000;

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** C0 controls but tab and line breaks, DEL and C1: PostgreSQL's jsonb refuses NUL, the rest is invisible trickery. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0x20 && code !== 0x7f && (code < 0x80 || code > 0x9f)) continue;
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    return true;
  }
  return false;
}

export type LeadNoteCheck = { readonly ok: true; readonly note: string } | { readonly ok: false; readonly message: string };

/** The note as stored: NFC, trimmed, line ends as '\n'; '' clears it. */
export function checkLeadNote(raw: string): LeadNoteCheck {
  const value = raw.normalize('NFC').trim();
  if (hasControlCharacter(value) || LONE_SURROGATE.test(value)) return { ok: false, message: LEAD_FOLLOW_UP_MESSAGES.leadNoteInvalidCharacters };
  const note = value.replace(/\r\n?/g, '\n');
  if ([...note].length > LEAD_NOTE_MAX_LENGTH) return { ok: false, message: LEAD_FOLLOW_UP_MESSAGES.leadNoteTooLong };
  return { ok: true, note };
}
