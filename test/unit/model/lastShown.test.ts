// The last lists a workspace saw, as the task model shows them (plain Node, the sandbox over HTTP): in the store at
// construction, before the token is read or anything is asked; replaced by the answers; dropped when the token is gone,
// the address is another, or the repository is found to be another.
import assert from 'node:assert/strict';
import { LAST_LISTS_KEY } from '../../../src/model/lastLists';
import { listKeys } from '../../../src/model/taskSync';
import { DEMO_TOKENS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';
import { rig, waitUntil, withoutGit } from './modelRig';

const ROCKET = listKeys.repo({ owner: 'acme', repo: 'rocket' });

/** A workspace's state in memory, as VS Code's Memento keeps it. */
function workspaceState() {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key: string, value: unknown) =>
      void (value === undefined ? values.delete(key) : values.set(key, value)),
  };
}

describe('model/TaskModel with the last lists seen', function () {
  this.timeout(20_000);
  let sb: Sandbox;
  let state: ReturnType<typeof workspaceState>;
  const kept = () => ({ state, folders: () => ['file:///work/rocket'] });

  before(async () => {
    sb = await startSandbox({ world: withoutGit(demoWorld()), stepMs: 0 });
  });
  after(() => sb.close());
  beforeEach(async () => {
    await fetch(`${sb.url}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    // A window that read the lists: they are kept after its poll.
    state = workspaceState();
    const first = rig(sb.url, DEMO_TOKENS.fineGrained, { lastLists: kept() });
    await first.model.start(true);
    await waitUntil(() => state.values.has(LAST_LISTS_KEY));
    first.model.dispose();
  });

  it('shows them before the token is read or anything asked, marked, until the answers replace them', async () => {
    const { model, responses } = rig(sb.url, DEMO_TOKENS.fineGrained, { lastLists: kept() });
    assert.equal(model.signInKnown, undefined);
    assert.deepEqual(model.lists('repo'), [ROCKET]);
    assert.deepEqual(model.lists('mine'), [listKeys.mine()]);
    const ids = model.store.list(ROCKET).map(t => t.id);
    assert.ok(ids.length > 0);
    assert.equal(model.last.shows([ROCKET]), true);
    assert.ok(model.picture(ids[0])?.lastSeen !== undefined, 'a row says when it was seen');
    assert.equal(responses.length, 0, 'nothing asked');
    // Signed in: the answers replace them, the same tasks.
    const signedIn = rig(sb.url, DEMO_TOKENS.fineGrained, { lastLists: kept() });
    await signedIn.model.start(true);
    await waitUntil(() => !signedIn.model.last.showing);
    assert.deepEqual(
      signedIn.model.store
        .list(ROCKET)
        .map(t => t.id)
        .sort(),
      [...ids].sort(),
    );
    assert.equal(signedIn.model.picture(ids[0])?.lastSeen, undefined);
    assert.ok(signedIn.responses.length > 0);
    signedIn.model.dispose();
    model.dispose();
  });

  it('drops them, shown and kept, when no token is found', async () => {
    const { model, tokens } = rig(sb.url, DEMO_TOKENS.fineGrained, { lastLists: kept() });
    tokens.value = undefined;
    assert.equal(model.last.showing, true);
    await model.start(true);
    assert.equal(model.lists('repo'), undefined);
    assert.equal(model.store.hasList(ROCKET), false);
    assert.equal(state.values.has(LAST_LISTS_KEY), false);
    model.dispose();
  });

  it('shows nothing kept for another address', () => {
    const other = rig('http://127.0.0.1:9', DEMO_TOKENS.fineGrained, { lastLists: kept() });
    assert.equal(other.model.lists('repo'), undefined);
    assert.equal(other.model.lists('mine'), undefined);
    assert.equal(other.model.last.showing, false);
    other.model.dispose();
  });

  it('drops the repository list once the repository is found to be another', () => {
    const r = rig(sb.url, DEMO_TOKENS.fineGrained, { lastLists: kept() });
    r.repo.current = undefined;
    r.repo.state = 'loading';
    // Stands in while the repository is looked for.
    assert.deepEqual(r.model.lists('repo'), [ROCKET]);
    r.repo.current = { owner: 'acme', repo: 'other' };
    r.repo.state = 'found';
    r.repoChanged.fire();
    assert.equal(r.model.store.hasList(ROCKET), false);
    assert.equal(r.model.last.shows([ROCKET]), false);
    assert.equal(r.model.last.shows([listKeys.mine()]), true, "the user's own list still stands");
    r.model.dispose();
  });
});
