import { tokenSubject } from '../account/token.ts';
import { isOwnerDataCache, ownerDataCacheName, SESSION_MARKER } from './owner-data.ts';

/**
 * The page's side of the per-user offline copies (owner-data.ts): it decides whose copies may exist on this device,
 * the service worker only fills the one that does. Steps run one after another, so a sign-out and the next sign-in
 * cannot interleave (the second person's cache is never deleted by the first person's sign-out finishing late).
 */
let queue: Promise<void> = Promise.resolve();

function inTurn(step: (storage: CacheStorage) => Promise<void>): Promise<void> {
  // No Cache Storage (an old browser, an insecure origin): nothing is kept, so nothing needs forgetting.
  if (typeof caches === 'undefined') return queue;
  queue = queue
    .then(() => step(caches))
    .catch((error: unknown) => console.warn('Çevrimdışı kopyalar güncellenemedi', error));
  return queue;
}

async function deleteOwnerCaches(storage: CacheStorage, keep: string | null): Promise<void> {
  const names = (await storage.keys()).filter((name) => isOwnerDataCache(name) && name !== keep);
  await Promise.all(names.map((name) => storage.delete(name)));
}

/** Sign-out, a refused or expired session: nobody's last-seen answers stay on the device. */
export function forgetOwnerData(): Promise<void> {
  return inTurn((storage) => deleteOwnerCaches(storage, null));
}

/**
 * A session starts or is confirmed: only this user's copies may exist, and the service worker may keep their answers
 * from now on (it writes only into a cache holding the session marker).
 */
export function keepOwnerDataFor(token: string): Promise<void> {
  const user = tokenSubject(token);
  if (!user) return forgetOwnerData();
  const name = ownerDataCacheName(user);
  return inTurn(async (storage) => {
    await deleteOwnerCaches(storage, name);
    const cache = await storage.open(name);
    await cache.put(SESSION_MARKER, new Response(''));
  });
}

/** Resolves once every step asked for so far is done (the signed-in user's cache and its marker exist by then). */
export function ownerDataSettled(): Promise<void> {
  return inTurn(() => Promise.resolve());
}
