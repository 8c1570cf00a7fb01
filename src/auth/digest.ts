// The SHA-256 of a token, in hex: how a token is told apart from another without being kept. `node:crypto` is
// required on the first digest, not when the extension's bundle loads (the extension host has it loaded already; a
// plain process pays for it only when a token is read).
import type * as Crypto from 'node:crypto';

let crypto: typeof Crypto | undefined;

export function sha256Hex(text: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto.createHash('sha256').update(text).digest('hex');
}
