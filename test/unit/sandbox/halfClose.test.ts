// A client may half-close its side once it has sent a request (HTTP/1.1 allows it): the sandbox still answers what
// it processed. The start is the case that matters, as it changes the state: taken and journaled but never
// answered, a client would start it again. With a state file, the answer waits on the disk, so the client's end of
// sending always arrives before the answer is ready.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKENS, startSandbox, type Sandbox } from '../../../src/sandbox';
import { request } from './helpers';

const REPO_TASKS = '/agents/repos/acme/rocket/tasks';

/** Sends `raw` over a fresh connection, half-closes at once, and resolves with everything the server sent back. */
function sendAndHalfClose(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), allowHalfOpen: true }, () => {
      socket.write(raw);
      socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on('data', c => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function startRequest(url: string, prompt: string): string {
  const body = JSON.stringify({ prompt });
  return (
    `POST ${REPO_TASKS} HTTP/1.1\r\nhost: ${new URL(url).host}\r\nauthorization: Bearer ${DEMO_TOKENS.fineGrained}\r\n` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** The names of the repository's tasks (a task is named from its prompt). */
async function namesOf(sb: Sandbox): Promise<string[]> {
  const r = await request(sb.url, 'GET', `${REPO_TASKS}?per_page=100`, { token: DEMO_TOKENS.fineGrained });
  return (r.json().tasks as Array<{ name: string }>).map(t => t.name);
}

describe('sandbox: a client that half-closes after sending', () => {
  let dir: string;
  let sb: Sandbox | undefined;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-halfclose-'));
    sb = await startSandbox({ statePath: path.join(dir, 'state.json'), stepMs: 0, git: false });
  });
  afterEach(async () => {
    await sb?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is answered 201 for a start it took, and the task it was told of is the one created', async () => {
    const text = await sendAndHalfClose(sb!.url, startRequest(sb!.url, 'sent, then the client half-closed'));
    assert.match(text, /^HTTP\/1\.1 201 /, `the answer: ${JSON.stringify(text.slice(0, 200))}`);
    const told = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { id: string };
    const created = await request(sb!.url, 'GET', `${REPO_TASKS}/${told.id}`, { token: DEMO_TOKENS.fineGrained });
    assert.equal(created.status, 200);
    assert.equal((await namesOf(sb!)).filter(n => n === 'sent, then the client half-closed').length, 1, 'created once');
  });

  it('is answered for each of several starts in a row, every one of them', async () => {
    for (let i = 0; i < 5; i++) {
      const text = await sendAndHalfClose(sb!.url, startRequest(sb!.url, `half-closed ${i}`));
      assert.match(text, /^HTTP\/1\.1 201 /, `start ${i}: ${JSON.stringify(text.slice(0, 200))}`);
    }
  });

  it('a body cut short by the half-close is refused, and nothing is started', async () => {
    const whole = startRequest(sb!.url, 'never whole');
    const text = await sendAndHalfClose(sb!.url, whole.slice(0, whole.length - 5));
    assert.ok(!/^HTTP\/1\.1 201 /.test(text), `not started: ${JSON.stringify(text.slice(0, 200))}`);
    assert.ok(!(await namesOf(sb!)).some(n => /never whole/.test(n)), 'no task was created');
  });
});
