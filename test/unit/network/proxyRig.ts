// The network tests' rig in plain Node: the sandbox over TLS at a name only the proxy resolves, with a certificate
// from a root made for the run, and two real proxies on loopback, one of which asks for a login.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { issueCertificates, type Issued } from '../../support/certificates';
import { startTestProxy, type TestProxy } from '../../support/testProxy';

export const SERVICE = 'tasks.proxied.test';
export const LOGIN = { user: 'proxy-user', password: 'proxy-pass-4471' };

export interface Rig {
  root: Issued;
  service: Sandbox;
  /** `https://tasks.proxied.test:PORT` */
  serviceUrl: string;
  open: TestProxy;
  login: TestProxy;
  /** `http://user:password@127.0.0.1:PORT` of the proxy that asks for a login. */
  loginUri: string;
  close(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-tasks-net-'));
  const root = issueCertificates(dir, 'Agent Tasks Test Root', [SERVICE, 'localhost', '127.0.0.1']);
  const service = await startSandbox({ stepMs: 0, tls: root, names: [SERVICE] });
  const names = { [SERVICE]: '127.0.0.1' };
  const open = await startTestProxy({ names });
  const login = await startTestProxy({ names, login: LOGIN });
  return {
    root,
    service,
    serviceUrl: `https://${SERVICE}:${service.port}`,
    open,
    login,
    loginUri: `http://${LOGIN.user}:${LOGIN.password}@127.0.0.1:${login.port}`,
    close: async () => {
      await Promise.all([open.close(), login.close(), service.close()]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
