import type { ProviderName } from './types.ts';
import { GeocoderUnavailableError } from './types.ts';

/** GET a JSON document with a time-out; every failure becomes GeocoderUnavailableError. */
export async function getJson(
  provider: ProviderName,
  url: URL,
  options: { readonly timeoutMs: number; readonly userAgent: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new GeocoderUnavailableError(
      provider,
      timedOut ? `no answer within ${options.timeoutMs} ms` : 'connection failed',
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new GeocoderUnavailableError(provider, `HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new GeocoderUnavailableError(
      provider,
      timedOut ? `no answer within ${options.timeoutMs} ms` : 'malformed JSON',
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number from a number or a numeric string (Nominatim sends coordinates as text). */
export function finiteNumber(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}
