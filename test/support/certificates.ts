// Certificates a test makes for itself with the openssl command line (Debian's openssl; nothing is downloaded): a root
// of its own, and a server certificate signed by it for the names the test serves. Trusted nowhere until the test
// puts the root in a trust store of its choosing (NODE_EXTRA_CA_CERTS, SSL_CERT_FILE, a `ca` option).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Issued {
  /** The root's certificate (PEM) and its file. */
  rootPem: string;
  rootFile: string;
  /** The root's common name, as a message should name it. */
  rootName: string;
  /** The server's key and certificate chain (PEM). */
  key: string;
  cert: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A root named `rootName` in `dir`, and a server certificate it signed for `names` (DNS names; IPs allowed). */
export function issueCertificates(dir: string, rootName: string, names: string[]): Issued {
  fs.mkdirSync(dir, { recursive: true });
  const slug = rootName.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const f = (n: string): string => path.join(dir, `${slug}-${n}`);
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      `/O=Agent Tasks tests/CN=${rootName}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout',
      f('root.key'),
      '-out',
      f('root.pem'),
    ],
    dir,
  );
  const san = names.map(n => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
  fs.writeFileSync(f('ext.cnf'), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl(
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-subj',
      `/CN=${names[0]}`,
      '-keyout',
      f('server.key'),
      '-out',
      f('server.csr'),
    ],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      f('server.csr'),
      '-CA',
      f('root.pem'),
      '-CAkey',
      f('root.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-sha256',
      '-extfile',
      f('ext.cnf'),
      '-out',
      f('server.pem'),
    ],
    dir,
  );
  const rootPem = fs.readFileSync(f('root.pem'), 'utf8');
  return {
    rootPem,
    rootFile: f('root.pem'),
    rootName,
    key: fs.readFileSync(f('server.key'), 'utf8'),
    cert: fs.readFileSync(f('server.pem'), 'utf8') + rootPem,
  };
}
