// The task model in plain Node against the sandbox over HTTP, with the real API client: who is signed in, whether the
// service answers, whose task is whose, and what a started task does to the lists.
import assert from 'node:assert/strict';
import { listKeys } from '../../../src/model/taskSync';
import { modelSource } from '../../../src/taskPage/storeSource';
import { DEMO_TOKENS, DEMO_USERS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';
import { rig, waitUntil, withoutGit } from './modelRig';

describe('model/TaskModel against the sandbox', function () {
  this.timeout(20_000);
  let sb: Sandbox;

  before(async () => {
    sb = await startSandbox({ world: withoutGit(demoWorld()), stepMs: 0 });
  });
  after(() => sb.close());
  beforeEach(() =>
    fetch(`${sb.url}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } }),
  );

  it('is signed in with a service and a token, and reads both lists at once', async () => {
    const { model } = rig(sb.url);
    assert.equal(model.lists('repo'), undefined, 'nothing to show before it knows');
    await model.start(true);
    assert.equal(model.signedIn, true);
    assert.equal(model.reachable, 'yes');
    assert.deepEqual(model.lists('repo'), [listKeys.repo({ owner: 'acme', repo: 'rocket' })]);
    assert.ok(model.store.list(listKeys.repo({ owner: 'acme', repo: 'rocket' })).length > 0);
    assert.ok(model.store.list(listKeys.mine()).length > 0);
    model.dispose();
  });

  it("knows whose task is whose: the user's own, not another's", async () => {
    const { model } = rig(sb.url);
    await model.start(true);
    assert.equal(model.me, DEMO_USERS.mona);
    const rocket = model.store.list(listKeys.repo({ owner: 'acme', repo: 'rocket' }));
    const lees = rocket.filter(t => t.creator?.id === DEMO_USERS.lee);
    const monas = rocket.filter(t => t.creator?.id === DEMO_USERS.mona);
    assert.ok(lees.length > 0 && monas.length > 0, 'the demo world has tasks of both');
    assert.ok(monas.every(t => model.isMine(t)));
    assert.ok(!lees.some(t => model.isMine(t)));
    model.dispose();
  });

  it('says a refused token is unauthorized, and forgets everything when the token changes', async () => {
    const r = rig(sb.url, 'sbx_not_a_token');
    await r.model.start(true);
    assert.equal(r.model.reachable, 'unauthorized');
    r.tokens.value = DEMO_TOKENS.fineGrained;
    r.tokens.changed.fire('fine_grained');
    await waitUntil(() => r.model.reachable === 'yes');
    assert.ok(r.model.store.list(listKeys.mine()).length > 0);
    r.tokens.value = undefined;
    r.tokens.changed.fire('fine_grained');
    await waitUntil(() => !r.model.signedIn);
    assert.deepEqual(r.model.store.listKeys(), [], 'signed out: nothing of the old user is kept');
    r.model.dispose();
  });

  it("puts a started task in the repository's list and the user's at once, and counts it as running", async () => {
    const { model, client } = rig(sb.url);
    await model.start(true);
    const repo = { owner: 'acme', repo: 'rocket' };
    const known = model.knownIds(repo);
    const task = await client.startTask({ ...repo, prompt: 'Count me in' });
    assert.ok(!known.has(task.id));
    model.started(task, repo);
    assert.ok(model.store.list(listKeys.repo(repo)).some(t => t.id === task.id));
    assert.ok(model.store.list(listKeys.mine()).some(t => t.id === task.id));
    assert.ok(model.running().some(t => t.id === task.id));
    model.dispose();
  });

  it('gives a task with its sessions once they have been read, and the page source reads through it', async () => {
    const { model } = rig(sb.url);
    await model.start(true);
    const listed = model.store.list(listKeys.repo({ owner: 'acme', repo: 'rocket' })).find(t => t.session_count > 0)!;
    assert.ok(listed, 'the demo world lists a task with a session');
    assert.equal(model.task(listed.id)?.sessions, undefined, 'a list carries no sessions');
    assert.equal(model.task('no-such-task'), undefined);
    const source = modelSource(model);
    const read = await source.refresh(listed.id);
    assert.ok(read.sessions && read.sessions.list.length > 0, 'the read brings the sessions');
    assert.deepEqual(model.task(listed.id)?.sessions, read.sessions.list);
    assert.equal(read.repo?.label, 'acme/rocket');
    assert.equal(source.picture(listed.id), read, 'the picture is handed out again while nothing changed');
    await assert.rejects(source.refresh('no-such-task'));
    model.dispose();
  });

  it("names the repositories of the user's list, which gives only IDs, by reading one task of each once", async () => {
    const { model } = rig(sb.url);
    await model.start(true);
    const dotfiles = model.store.list(listKeys.mine()).find(t => t.repository?.id === 5003);
    assert.ok(dotfiles, "the demo world lists mona/dotfiles's tasks in mona's list");
    assert.equal(dotfiles.url, undefined, "the user's list carries no address");
    await waitUntil(() => model.repoName(dotfiles) === 'mona/dotfiles');
    assert.equal(model.picture(dotfiles.id)?.repo?.why, undefined);
    assert.equal(model.repoName(model.store.list(listKeys.repo({ owner: 'acme', repo: 'rocket' }))[0]), 'acme/rocket');
    const stats = (await (await fetch(`${sb.url}/_sandbox/stats`)).json()) as { by_route: Record<string, number> };
    const reads = stats.by_route['GET /agents/tasks/{task_id}'] ?? 0;
    await model.refresh();
    const after = (await (await fetch(`${sb.url}/_sandbox/stats`)).json()) as { by_route: Record<string, number> };
    assert.equal(after.by_route['GET /agents/tasks/{task_id}'] ?? 0, reads, 'a named repository is not read again');
    model.dispose();
  });

  it('says "you" for the user\'s own tasks and sessions, and nothing for another\'s', async () => {
    const { model } = rig(sb.url);
    await model.start(true);
    const rocket = model.store.list(listKeys.repo({ owner: 'acme', repo: 'rocket' }));
    const mine = rocket.find(t => t.creator?.id === DEMO_USERS.mona)!;
    const lees = rocket.find(t => t.creator?.id === DEMO_USERS.lee)!;
    assert.ok(mine && lees, 'the demo world has tasks of both');
    assert.equal(model.picture(mine.id)?.creator, 'you');
    assert.equal(model.picture(lees.id)?.creator, undefined);
    assert.equal(modelSource(model).picture(mine.id)?.me, DEMO_USERS.mona, "a session of the user's is theirs");
    assert.ok(model.isMe(DEMO_USERS.mona) && !model.isMe(DEMO_USERS.lee));
    model.dispose();
  });

  it('shows archived lists only when the filter asks for them', async () => {
    const { model, filter } = rig(sb.url);
    await model.start(true);
    filter.showArchived = true;
    assert.deepEqual(model.lists('mine'), [listKeys.mine(), listKeys.mine(true)]);
    model.dispose();
  });
});
