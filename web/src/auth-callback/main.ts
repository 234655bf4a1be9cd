import './callback.css';

/**
 * The OAuth popup's last page (/auth/{provider}/callback; SPEC 'OAuth callback popups', issue 15). query-api's
 * exchange put the provider's access token (or an error code) in the fragment, which never reaches a server: this
 * hands it to the card page that opened the popup, only if that page is on our own origin (postMessage's
 * targetOrigin), wipes the fragment from the address bar and history, and closes the popup after 1 s (SPEC §9).
 */

interface CallbackPageData {
  readonly type: string;
  readonly failed: string;
}

/** SPEC §9: the popup closes 1 s after it has handed the answer over. */
const CLOSE_AFTER_MS = 1000;

function pageData(): CallbackPageData | null {
  const text = document.getElementById('oc-data')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<CallbackPageData>;
    return typeof data.type === 'string' && typeof data.failed === 'string'
      ? { type: data.type, failed: data.failed }
      : null;
  } catch {
    return null;
  }
}

const data = pageData();
const fragment = new URLSearchParams(window.location.hash.slice(1));
const token = fragment.get('access_token');
const error = fragment.get('error');
// The token leaves the address bar, the history entry and anything that would read location later.
if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);

const opener = window.opener as Window | null;
if (data && opener && (token || error)) {
  opener.postMessage(token ? { type: data.type, token } : { type: data.type, error }, window.location.origin);
  window.setTimeout(() => window.close(), CLOSE_AFTER_MS);
} else {
  // Opened by hand, its opener gone, or nothing in the fragment: say so instead of waiting for ever.
  const status = document.querySelector<HTMLElement>('[data-status]');
  const spinner = document.querySelector<HTMLElement>('[data-spinner]');
  if (status && data) status.textContent = data.failed;
  if (spinner) spinner.hidden = true;
}
