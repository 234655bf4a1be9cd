import { useEffect, useState } from 'react';
import { readToken, tokenSubject } from '../account/token.ts';
import { ownerDataCacheName, SESSION_MARKER } from '../offline/owner-data.ts';

/**
 * The owner's own images that 'Kartımı Göster' needs without a network (issue 32): the logo in the QR's centre and
 * the photo. They live at /media/… (not /api/), which the service worker does not keep, so the page keeps its own
 * copy, in the same per-user Cache Storage cache the worker fills with the owner's answers (offline/owner-data.ts):
 * - it is emptied with the rest at sign-out or when the session is refused (owner-data-store.ts forgetOwnerData),
 *   so the next person on the phone never sees the last one's photo; localStorage would outlive the sign-out;
 * - it holds the bytes as they came (no base64 data URL in a 5 MB localStorage), under the image's own address,
 *   which is content-addressed: a new logo is a new address, an old copy is never shown for a new logo;
 * - like the worker, the page writes only into a cache holding the session marker, so a copy arriving after a
 *   sign-out does not re-create the cache.
 * Online the network answers (and refreshes the copy); offline the copy does.
 */

function currentCacheName(): string | null {
  const token = readToken();
  const user = token ? tokenSubject(token) : null;
  return user ? ownerDataCacheName(user) : null;
}

async function keepCopy(url: string, response: Response): Promise<void> {
  const name = currentCacheName();
  if (!name || typeof caches === 'undefined' || !(await caches.has(name))) return;
  const cache = await caches.open(name);
  if (await cache.match(SESSION_MARKER)) await cache.put(url, response);
}

async function keptCopy(url: string): Promise<Blob | null> {
  const name = currentCacheName();
  if (!name || typeof caches === 'undefined' || !(await caches.has(name))) return null;
  const stored = await (await caches.open(name)).match(url);
  return stored ? stored.blob() : null;
}

/** The image's bytes: from the network when it answers, else the copy kept at the last visit online; null for none. */
export async function keptImage(url: string): Promise<Blob | null> {
  try {
    const response = await fetch(url);
    if (response.ok) {
      await keepCopy(url, response.clone()).catch((error: unknown) =>
        console.warn('Görsel çevrimdışı kullanım için saklanamadı', error),
      );
      return await response.blob();
    }
    // The image is gone (a 404 after a change): no copy of it stands in.
    return null;
  } catch {
    return keptCopy(url).catch(() => null);
  }
}

/** The bytes as a data: URI, which an <img> shows and an SVG drawn as an image may embed (the CSP allows data:). */
function dataUri(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Okunamadı')));
    reader.onerror = () => reject(reader.error ?? new Error('Okunamadı'));
    reader.readAsDataURL(blob);
  });
}

export type KeptImageState =
  { readonly status: 'none' | 'loading' | 'missing' } | { readonly status: 'ready'; readonly src: string };

/**
 * The image at `url` (null: none asked for) as a data: URI, online or from the kept copy; 'missing' when neither has
 * it. A data: URI rather than an object URL: the branded QR's SVG, shown as an image, can load nothing but data: URIs.
 */
export function useKeptImage(url: string | null): KeptImageState {
  const [state, setState] = useState<{ readonly url: string | null; readonly result: KeptImageState }>({
    url: null,
    result: { status: 'none' },
  });
  useEffect(() => {
    if (!url) return;
    let current = true;
    keptImage(url)
      .then((blob) => (blob && blob.type.startsWith('image/') ? dataUri(blob) : null))
      .then(
        (src) => {
          if (current) setState({ url, result: src ? { status: 'ready', src } : { status: 'missing' } });
        },
        () => {
          if (current) setState({ url, result: { status: 'missing' } });
        },
      );
    return () => {
      current = false;
    };
  }, [url]);
  if (!url) return { status: 'none' };
  return state.url === url ? state.result : { status: 'loading' };
}
