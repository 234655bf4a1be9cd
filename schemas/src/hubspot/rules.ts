import { HUBSPOT_MESSAGES } from './messages.ts';
import { HUBSPOT_FAILURE_MESSAGE_MAX, type HubSpotFailureReason } from './model.ts';

/**
 * HubSpot's error `message` as it may be kept: e-mail addresses, phone numbers and other digit runs (a visitor's
 * data HubSpot echoes back) removed, whitespace folded, at most HUBSPOT_FAILURE_MESSAGE_MAX characters; null when
 * nothing is left.
 */
export function cleanHubSpotMessage(message: unknown): string | null {
  if (typeof message !== 'string') return null;
  const cleaned = message
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+/gu, '…')
    .replace(/\+?\d[\d\s().-]{2,}\d/gu, '…')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (cleaned === '') return null;
  return cleaned.length > HUBSPOT_FAILURE_MESSAGE_MAX ? `${cleaned.slice(0, HUBSPOT_FAILURE_MESSAGE_MAX - 1)}…` : cleaned;
}

/** The Turkish sentence the screen shows for a failed sync. */
export function hubspotFailureText(reason: HubSpotFailureReason, message: string | null): string {
  switch (reason) {
    case 'rejected':
      return message ? `${HUBSPOT_MESSAGES.hubspotFailureRejected}: ${message}` : HUBSPOT_MESSAGES.hubspotFailureRejected;
    case 'token_refused':
      return HUBSPOT_MESSAGES.hubspotFailureTokenRefused;
    case 'gave_up':
      return HUBSPOT_MESSAGES.hubspotFailureGaveUp;
    default: {
      const unhandled: never = reason;
      return unhandled;
    }
  }
}

/** "Ayşe Nur Yılmaz" → first name "Ayşe Nur", last name "Yılmaz"; one word is a first name alone. */
export function splitFullName(fullName: string): { readonly firstName: string; readonly lastName: string } {
  const words = fullName.trim().split(/\s+/u).filter((word) => word !== '');
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] ?? '' };
}
