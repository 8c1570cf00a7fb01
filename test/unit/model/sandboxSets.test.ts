// The demo seeding of sets of attempts (src/model/sandboxSets.ts) against a real sandbox on loopback: learned once per
// service, never for a service elsewhere, and only an answer of the sandbox's shape is taken.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STATE_KEYS } from '../../../src/ids';
import { AttemptSets } from '../../../src/model/attemptSets';
import type { LinkMemento } from '../../../src/model/continuationLinks';
import { DEMO_ATTEMPTS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';

function memento(): LinkMemento & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  return {
    data,
    get: <T>(key: string) => data[key] as T | undefined,
    update: async (key: string, value: unknown) => {
      data[key] = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
    },
  };
}

const log = { debug: () => undefined, info: () => undefined };
const service = (url: string, local = true) => ({ current: () => ({ kind: 'remote', url, scope: url, local }) });

describe('model/sandboxSets: the sandbox world’s sets of attempts, learned once', function () {
  this.timeout(20_000);
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ world: demoWorld(), stepMs: 0, git: false });
  });
  after(() => sb.close());

  it('writes the demo set down with its tasks and models, once per service', async () => {
    const state = memento();
    const sets = new AttemptSets(state);
    assert.equal(await sets.learnFromSandbox(service(sb.url), state, log), 1);
    const [set] = sets.list();
    assert.equal(set.start.prompt, DEMO_ATTEMPTS.prompt);
    assert.deepEqual(
      set.attempts.map(a => [a.taskId, a.model]),
      DEMO_ATTEMPTS.tasks.map((id, i) => [id, DEMO_ATTEMPTS.models[i]]),
    );
    assert.equal(sets.ofTask(DEMO_ATTEMPTS.tasks[2])?.index, 2);
    assert.deepEqual(state.data[STATE_KEYS.sandboxSetsLearned], [sb.url]);
    // Again: not asked, not written twice; nor when the learned list was lost but the tasks are known.
    assert.equal(await sets.learnFromSandbox(service(sb.url), state, log), 0);
    await state.update(STATE_KEYS.sandboxSetsLearned, undefined);
    assert.equal(await sets.learnFromSandbox(service(sb.url), state, log), 0);
    assert.equal(sets.list().length, 1);
  });

  it('asks nothing of a service elsewhere, and takes nothing of an answer not the sandbox’s shape', async () => {
    let asked = 0;
    const bodies = [
      '{"attempt_sets": [{"repository": "acme/rocket", "prompt": "p", "tasks": [{"id": "a", "model": "m"}]}]}',
      '{"attempt_sets": [{"repository": "../x", "prompt": "p", "tasks": [{"id": "a", "model": "m"}, {"id": "b", "model": "m"}]}]}',
      '{"attempt_sets": [{"repository": "a/b", "prompt": "p", "tasks": [{"id": "a", "model": "m"}, {"id": 2, "model": "m"}]}]}',
      'not json',
    ];
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(bodies[asked++ % bodies.length]);
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const state = memento();
      const sets = new AttemptSets(state);
      assert.equal(await sets.learnFromSandbox(service(url, false), state, log), 0);
      assert.equal(asked, 0, 'not on this machine: not asked');
      for (let i = 0; i < bodies.length; i++) {
        await state.update(STATE_KEYS.sandboxSetsLearned, undefined);
        assert.equal(await sets.learnFromSandbox(service(url), state, log), 0, bodies[i]);
      }
      assert.equal(asked, bodies.length);
      assert.equal(sets.list().length, 0);
    } finally {
      server.close();
    }
  });
});
