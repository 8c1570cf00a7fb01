// Helpers of the Accounts tests: an enterprise-style address for the sandbox (GitHub Enterprise Server serves its
// API under /api/v3; the sandbox serves it at its root).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX } from './tasksSupport';

/** The sandbox behind `/api/v3` on another port: each request is passed on with the prefix taken off. */
export async function enterpriseFront(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/api\/v3(?=\/|$)/, '') || '/';
    const onward = http.request(
      `${SANDBOX}${path}`,
      { method: req.method, headers: { ...req.headers, host: new URL(SANDBOX).host } },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.writeHead(502).end());
    req.pipe(onward);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
