/**
 * Whether an address opens only on the machine it is opened on: `localhost` (and names under it),
 * 127.0.0.0/8, ::1 (also written as an IPv4-mapped address) and the unspecified 0.0.0.0 / ::,
 * which browsers send to the local machine. Card links and QR codes made from such an address
 * open nothing on a visitor's phone. Anything that is not an absolute URL is not loopback.
 */
export function isLoopbackAddress(address: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(address).hostname.toLowerCase().replace(/\.$/u, '');
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (/^127(?:\.\d{1,3}){3}$/u.test(hostname) || hostname === '0.0.0.0') return true;
  if (hostname === '[::1]' || hostname === '[::]') return true;
  // ::ffff:127.x.y.z, which the URL parser writes in hex.
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/u.test(hostname);
}
