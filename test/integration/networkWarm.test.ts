// Readying VS Code's fetch before the first request (the proxy chosen, the system's certificates read, while the token
// is still being read) sends nothing: a server on loopback counts what reaches it. Behind a proxy, the network suite
// checks that the proxy sees nothing of it either.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HostNetwork } from '../../src/service/hostFetch';

describe('readying the network before the first request', () => {
  it('sends nothing: the first request the service sees is the first the client makes', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const network = new HostNetwork();
    try {
      network.warm(`${url}/agents/tasks`);
      const init = { method: 'GET', headers: {}, redirect: 'manual' as const, signal: new AbortController().signal };
      const res = await network.fetch(`${url}/agents/tasks?per_page=1`, init);
      assert.equal(res.status, 200);
      await res.text();
      // A request of the warming that was sent after all would arrive about now.
      await new Promise(r => setTimeout(r, 300));
      assert.deepEqual(seen, ['GET /agents/tasks?per_page=1']);
    } finally {
      network.dispose();
      server.close();
    }
  });
});
