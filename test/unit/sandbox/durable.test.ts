// The state file and its journal: what a restart would read (recover) holds every change as soon as it is answered,
// a torn journal tail and a crash's temporary files are dealt with at start, and snapshots taken while changes go
// on lose none of them. The crash of a real process under load is test/unit/load/sandbox.kill.test.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKENS, startSandbox, WorldError } from '../../../src/sandbox';
import { recover } from '../../../src/sandbox/durable';
import { listSegments, segmentPath } from '../../../src/sandbox/journal';
import { readStateFile } from '../../../src/sandbox/persist';
import { request } from './helpers';

const tok = DEMO_TOKENS.fineGrained;
const REPO_TASKS = '/agents/repos/acme/rocket/tasks';

/** Every task of acme/rocket (archived or not, any state) as `id state`. */
async function everyTask(url: string): Promise<string[]> {
  const out: string[] = [];
  for (const archived of [false, true]) {
    for (let page = 1; ; page++) {
      const r = await request(url, 'GET', `${REPO_TASKS}?per_page=100&page=${page}&is_archived=${archived}`, {
        token: tok,
      });
      const tasks = r.json().tasks as Array<{ id: string; state: string }>;
      out.push(...tasks.map(t => `${t.id} ${t.state}`));
      if (tasks.length < 100) break;
    }
  }
  return out;
}

/** A copy of the state file and its journal as they are on disk now: what a machine crashing now would leave. */
function crashImage(dir: string, to: string): string {
  fs.mkdirSync(to, { recursive: true });
  for (const n of fs.readdirSync(dir)) if (!n.endsWith('.repos')) fs.copyFileSync(path.join(dir, n), path.join(to, n));
  return path.join(to, 'state.json');
}

describe('sandbox durable state', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-durable-'));
    file = path.join(dir, 'live', 'state.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('every kind of change is on disk when it is answered: a restart at that moment would have it', async () => {
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false });
    try {
      const task = (await request(sb.url, 'POST', REPO_TASKS, { token: tok, body: { prompt: 'keep me' } })).json();
      let w = recover(file).world!;
      assert.equal(w.tasks!.find(t => t.id === task.id)?.prompt, 'keep me', 'a started task');
      assert.equal(
        (await request(sb.url, 'PATCH', `/_sandbox/tasks/${task.id}`, { body: { archived: true } })).status,
        200,
      );
      assert.ok(recover(file).world!.tasks!.find(t => t.id === task.id)?.archived_at, 'archive');
      assert.equal((await request(sb.url, 'POST', '/_sandbox/advance')).status, 200);
      w = recover(file).world!;
      assert.equal(w.tasks!.find(t => t.id === 'demo-rocket-04')?.state, 'in_progress', 'advance');
      assert.equal(
        (await request(sb.url, 'DELETE', '/user/installations/71/repositories/5001', { token: DEMO_TOKENS.classic }))
          .status,
        204,
      );
      assert.deepEqual(
        recover(file).world!.installations!.find(i => i.id === 71)?.repositories,
        [5000],
        'a removed repository',
      );
      assert.equal(
        (await request(sb.url, 'PUT', '/user/installations/71/repositories/5005', { token: DEMO_TOKENS.classic }))
          .status,
        204,
      );
      assert.deepEqual(
        recover(file).world!.installations!.find(i => i.id === 71)?.repositories,
        [5000, 5005],
        'an added repository',
      );
      assert.equal(
        (await request(sb.url, 'DELETE', '/installation/token', { token: DEMO_TOKENS.installation })).status,
        204,
      );
      assert.equal(
        recover(file).world!.tokens.find(t => t.value === DEMO_TOKENS.installation)?.revoked,
        true,
        'a revoked token',
      );
      const other = {
        users: [{ id: 1, login: 'zed' }],
        repositories: [{ id: 2, owner: 'zed', name: 'z' }],
        tokens: [],
      };
      assert.equal((await request(sb.url, 'POST', '/_sandbox/reset', { body: other })).status, 200);
      assert.deepEqual(
        recover(file).world!.users.map(u => u.login),
        ['zed'],
        'reset',
      );
    } finally {
      await sb.close();
    }
  });

  it('a restart ignores a torn last journal line, keeps what came before it, and removes temporary files', async () => {
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false });
    let image: string;
    let ids: string[];
    try {
      ids = [];
      for (let i = 0; i < 3; i++)
        ids.push((await request(sb.url, 'POST', REPO_TASKS, { token: tok, body: { prompt: `kept ${i}` } })).json().id);
      image = crashImage(path.dirname(file), path.join(dir, 'crash'));
    } finally {
      await sb.close();
    }
    const [seg] = listSegments(image);
    const torn = JSON.stringify({ task: { id: 'torn', repository: 5000, creator: 1001, prompt: 'half' } }).slice(0, 40);
    fs.appendFileSync(segmentPath(image, seg), torn);
    fs.writeFileSync(path.join(path.dirname(image), '.state.json.4242.1700000000000.tmp'), '{"format":');
    const again = await startSandbox({ statePath: image, stepMs: 0, git: false });
    try {
      for (const id of ids)
        assert.equal((await request(again.url, 'GET', `/agents/tasks/${id}`, { token: tok })).status, 200, id);
      assert.equal((await request(again.url, 'GET', '/agents/tasks/torn', { token: tok })).status, 404);
      assert.deepEqual(
        fs.readdirSync(path.dirname(image)),
        ['state.json'],
        'the journal is folded into the state file, the temporary file gone',
      );
      // Journaling goes on after the torn line was dropped.
      const id = (await request(again.url, 'POST', REPO_TASKS, { token: tok, body: { prompt: 'after' } })).json().id;
      assert.equal(recover(image).world!.tasks!.find(t => t.id === id)?.prompt, 'after');
    } finally {
      await again.close();
    }
  });

  it('snapshots taken while changes and resets go on lose nothing', async function () {
    this.timeout(60_000);
    const sb = await startSandbox({
      statePath: file,
      stepMs: 0,
      git: false,
      compactBytes: 4096,
      rateLimit: { limit: 1e9 },
    });
    try {
      const firstSegment = readStateFile(file)!.journal;
      let images = 0;
      for (let round = 0; round < 4; round++) {
        if (round === 2) assert.equal((await request(sb.url, 'POST', '/_sandbox/reset')).status, 200);
        await Promise.all(
          Array.from({ length: 8 }, async (_, c) => {
            for (let i = 0; i < 15; i++) {
              const r = await request(sb.url, 'POST', REPO_TASKS, {
                token: tok,
                body: { prompt: `round ${round} client ${c} task ${i}` },
              });
              assert.equal(r.status, 201);
              if (i % 5 === 0) await request(sb.url, 'POST', '/_sandbox/advance');
            }
          }),
        );
        // What a crash now would leave must hold everything answered so far.
        const image = crashImage(path.dirname(file), path.join(dir, `image-${images++}`));
        const live = await everyTask(sb.url);
        const kept = new Set(
          recover(image)
            .world!.tasks!.filter(t => t.repository === 5000)
            .map(t => `${t.id} ${t.state}`),
        );
        assert.ok(live.length > 120, `round ${round}: ${live.length} tasks`);
        assert.deepEqual(
          live.filter(x => !kept.has(x)),
          [],
          `round ${round}: every task as answered is in what a crash would leave`,
        );
      }
      assert.ok(readStateFile(file)!.journal > firstSegment + 1, 'snapshots were taken while serving');
      assert.ok(fs.readdirSync(path.dirname(file)).every(n => !n.endsWith('.tmp')));
    } finally {
      await sb.close();
    }
  });

  it('a state file whose journal does not fit its world is refused with a message, and left alone', async () => {
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false });
    await sb.close();
    const seg = readStateFile(file)!.journal;
    const line = `${JSON.stringify({ task: { id: 'x', repository: 999, creator: 1001, prompt: 'nowhere' } })}\n`;
    fs.writeFileSync(segmentPath(file, seg), line);
    await assert.rejects(
      startSandbox({ statePath: file, stepMs: 0, git: false }),
      (e: Error) => e instanceof WorldError && /after its journal: .*repository 999/.test(e.message),
    );
    assert.equal(fs.readFileSync(segmentPath(file, seg), 'utf8'), line);
  });
});
