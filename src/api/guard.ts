// Where a token may go: only to the origin of baseUrl, and only over https or to this machine.

/** A dotted-quad IPv4 address whose first number is 127 (each number 0–255, written without leading zeros). */
const IPV4_LOOPBACK = /^127(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * True for localhost, 127.0.0.0/8 and ::1 (the forms URL.hostname yields). An IPv6 address is checked in the form the
 * URL parser gives it (which also refuses what is not an address): `::1`, or `::ffff:7f…` (127.0.0.0/8, IPv4-mapped).
 * Plain string rules, not `node:net`: this module sits on the activation path, where that module is not yet loaded.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const lower = host.toLowerCase();
  if (lower === 'localhost') return true;
  if (!lower.includes(':')) return IPV4_LOOPBACK.test(lower);
  let canonical: string;
  try {
    canonical = new URL(`http://[${lower}]/`).hostname;
  } catch {
    return false;
  }
  return canonical === '[::1]' || canonical.startsWith('[::ffff:7f');
}

/** Parses and checks a service address; throws a TypeError that says what is wrong. */
export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`The service address is not a valid URL: ${JSON.stringify(String(baseUrl).slice(0, 200))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`The service address must use https (or http to this machine), not ${url.protocol}`);
  }
  if (url.username || url.password) throw new TypeError('The service address must not carry credentials');
  return url;
}

/**
 * Why a token must not be sent to `target`, or undefined when it may.
 * `serviceOrigin` is the origin of baseUrl.
 */
export function tokenRefusal(target: URL, serviceOrigin: string): string | undefined {
  if (target.origin !== serviceOrigin) {
    return `Refusing to send the token to ${target.origin}: it is sent only to the service at ${serviceOrigin}.`;
  }
  if (target.protocol === 'https:') return undefined;
  if (target.protocol === 'http:' && isLoopbackHost(target.hostname)) return undefined;
  return (
    `Refusing to send the token over plain http to ${target.host}: ` +
    'use https, or a loopback address (localhost, 127.0.0.0/8, ::1).'
  );
}
