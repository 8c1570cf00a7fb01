// What one poll round costs the service, counted, never timed: the task model in plain Node against the sandbox
// over HTTP. Each round reads the first page of each watched list once, with If-None-Match, so a round that brings
// nothing new is one 304 per list; a change costs that list's first page, not a re-read of the whole list. A model
// that polled more often than its pace, read whole lists again, or lost its ETags would fail here.
import assert from 'node:assert/strict';
import type { ResponseInfo } from '../../../src/api';
import type { TaskModel } from '../../../src/model/taskModel';
import { DEMO_USERS, demoWorld, startSandbox, type Sandbox, type WorldFile } from '../../../src/sandbox';
import type { FakeTimers } from './fakeTimers';
import { rig, withoutGit } from './modelRig';

const EXTRA = 250;
const QUICK_MS = 10_000;
const REPO_LIST = '/agents/repos/acme/rocket/tasks';
const MY_LIST = '/agents/tasks';

/** The demo world with 250 more tasks of mona's in acme/rocket, two of them running (so the pace is the quick one). */
function busyWorld(): WorldFile {
  const w = withoutGit(demoWorld());
  for (const t of w.tasks ?? []) if (t.state === 'queued' || t.state === 'in_progress') t.state = 'completed';
  const rocket = w.repositories?.find(r => r.name === 'rocket');
  if (!rocket) throw new Error('the demo world has acme/rocket');
  const base = Date.parse('2026-03-01T00:00:00Z');
  for (let i = 0; i < EXTRA; i++) {
    const at = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
    w.tasks!.push({
      id: `poll-${String(i).padStart(3, '0')}`,
      repository: rocket.id,
      creator: DEMO_USERS.mona,
      prompt: `Poll task ${i}`,
      state: i >= EXTRA - 2 ? 'in_progress' : 'completed',
      created_at: at,
      updated_at: at,
    });
  }
  return w;
}

/** Runs one scheduled round: moves the fake clock by the quick pace and waits for the round to be answered. */
async function round(model: TaskModel, timers: FakeTimers, responses: ResponseInfo[]): Promise<ResponseInfo[]> {
  const from = responses.length;
  const polled = new Promise<void>(resolve => {
    const sub = model.onDidPoll(() => {
      sub.dispose();
      resolve();
    });
  });
  await timers.advance(QUICK_MS);
  await polled;
  return responses.slice(from);
}

/**
 * How the model learns a repository's name: a single task read by ID through the user's list address, then a few
 * tasks of the listing its address names (`per_page=3`), which must hold tasks of that repository.
 */
const isNameLookup = (r: ResponseInfo) =>
  /^\/agents\/tasks\/[^/?]+/.test(r.path) || /^\/agents\/repos\/[^?]+\?(.*&)?per_page=3(&|$)/.test(r.path);
const shape = (rs: ResponseInfo[]) => rs.map(r => `${r.path.split('?')[0]} ${r.status}`).sort();

describe('model/TaskModel poll rounds against the sandbox (requests counted)', function () {
  this.timeout(20_000);
  let sb: Sandbox;

  before(async () => {
    sb = await startSandbox({ world: busyWorld(), stepMs: 0 });
  });
  after(() => sb.close());

  it('reads each list whole once, then one conditional request per list a round, 304 while nothing changed', async () => {
    const { model, view, timers, responses } = rig(sb.url);
    view.setVisible({ repo: true, mine: true });
    await model.start(true);
    const pages = responses.map(r => r.path);
    assert.equal(new Set(pages).size, pages.length, `no page read twice at the start: ${pages.join(', ')}`);
    assert.ok(responses.every(r => r.status === 200));
    assert.ok(pages.filter(p => p.startsWith(REPO_LIST)).length >= 3, 'the repository list spans pages');
    assert.equal(model.pollMode, 'quick');
    for (let i = 0; i < 5; i++) {
      // A repository the user's list names only by ID is looked up once (one task read alone, for its address);
      // that may land in any round and is counted apart below.
      const got = (await round(model, timers, responses)).filter(r => !isNameLookup(r));
      assert.deepEqual(shape(got), [`${REPO_LIST} 304`, `${MY_LIST} 304`], `round ${i + 1}: ${shape(got).join(', ')}`);
      assert.ok(
        got.every(r => r.fromCache && /[?&]page=1(&|$)/.test(r.path)),
        'first pages, answered from memory',
      );
    }
    const lookups = responses.filter(isNameLookup).map(r => r.path);
    assert.equal(new Set(lookups).size, lookups.length, `no name looked up twice: ${lookups.join(', ')}`);
    model.dispose();
  });

  it('pays for a change with the first page of each list that holds it, and is back to 304 after', async () => {
    const { model, view, timers, responses } = rig(sb.url);
    view.setVisible({ repo: true, mine: true });
    await model.start(true);
    await round(model, timers, responses);
    const patched = await fetch(`${sb.url}/_sandbox/tasks/poll-100`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'failed' }),
    });
    assert.equal(patched.status, 200);
    const changed = (await round(model, timers, responses)).filter(r => !isNameLookup(r));
    assert.deepEqual(shape(changed), [`${REPO_LIST} 200`, `${MY_LIST} 200`]);
    assert.equal(model.task('poll-100')?.state, 'failed');
    const after = (await round(model, timers, responses)).filter(r => !isNameLookup(r));
    assert.deepEqual(shape(after), [`${REPO_LIST} 304`, `${MY_LIST} 304`]);
    model.dispose();
  });
});
