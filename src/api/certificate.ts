// Who issued a certificate chain that was not trusted, so that the message can name the root to add. Read by one
// handshake with verification off, through `node:https`, which in VS Code's extension host takes the same proxy as
// the failed request; nothing is sent but a HEAD of the address's root, without a token, and nothing read is used.
import type * as Https from 'node:https';
import type { PeerCertificate, TLSSocket } from 'node:tls';

interface Named {
  CN?: string | string[];
  O?: string | string[];
}

function name(n: Named | undefined): string | undefined {
  if (!n) return undefined;
  const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
  const cn = one(n.CN);
  const o = one(n.O);
  if (cn && o && !cn.includes(o)) return `${cn}, ${o}`;
  return cn ?? o;
}

/** The issuer at the top of the chain: the root that would have to be trusted. */
export function topIssuer(cert: PeerCertificate & { issuerCertificate?: PeerCertificate }): string | undefined {
  let c: PeerCertificate & { issuerCertificate?: PeerCertificate } = cert;
  for (let i = 0; i < 10 && c.issuerCertificate && c.issuerCertificate !== c; i++) {
    // A root is its own issuer: Node gives it back as its own issuerCertificate (a copy, so by fingerprint).
    if (c.issuerCertificate.fingerprint256 === c.fingerprint256) break;
    c = c.issuerCertificate;
  }
  return name(c.issuer);
}

/** The issuer of the chain `origin` presents, or undefined when it cannot be read within `timeoutMs`. */
export function readIssuer(origin: URL, timeoutMs: number): Promise<string | undefined> {
  if (origin.protocol !== 'https:') return Promise.resolve(undefined);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const https = require('node:https') as typeof Https;
  return new Promise(resolve => {
    let done = false;
    const finish = (v: string | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(v);
    };
    const req = https.request(
      new URL('/', origin),
      { method: 'HEAD', rejectUnauthorized: false, headers: { 'user-agent': 'agent-tasks-certificate-check' } },
      res => {
        const socket = res.socket as TLSSocket;
        let issuer: string | undefined;
        try {
          issuer = topIssuer(socket.getPeerCertificate(true));
        } catch {
          issuer = undefined;
        }
        res.resume();
        finish(issuer);
      },
    );
    req.on('error', () => finish(undefined));
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    req.end();
  });
}
