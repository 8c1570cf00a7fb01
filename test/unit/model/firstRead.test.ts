// A view's first ask waits for its list's first read: the model says when that read is done, failed, or will not
// come. In plain Node against the sandbox over HTTP.
import assert from 'node:assert/strict';
import { listKeys } from '../../../src/model/taskSync';
import { demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';
import { rig, withoutGit } from './modelRig';

const ROCKET = listKeys.repo({ owner: 'acme', repo: 'rocket' });
const LONG = 60_000;

describe('model/TaskModel.firstRead', function () {
  this.timeout(20_000);
  let sb: Sandbox;

  before(async () => {
    sb = await startSandbox({ world: withoutGit(demoWorld()), stepMs: 0 });
  });
  after(() => sb.close());

  /** Asks for the first read as soon as the sign-in is known, before the first poll has sent anything. */
  function askAtSignIn(model: ReturnType<typeof rig>['model'], keys: string[]) {
    return new Promise<{ heldBefore: boolean; heldAfter: boolean }>(resolve => {
      const sub = model.onDidChangeStatus(() => {
        if (!model.signedIn) return;
        sub.dispose();
        const heldBefore = model.store.hasList(keys[0]);
        void model.firstRead(keys, LONG).then(() => resolve({ heldBefore, heldAfter: model.store.hasList(keys[0]) }));
      });
    });
  }

  it('resolves once the list is read, not before', async () => {
    const { model } = rig(sb.url);
    const asked = askAtSignIn(model, [ROCKET]);
    void model.start(true);
    const { heldBefore, heldAfter } = await asked;
    assert.deepEqual({ heldBefore, heldAfter }, { heldBefore: false, heldAfter: true });
    assert.ok(model.store.list(ROCKET).length > 0);
    model.dispose();
  });

  it('resolves once the read failed, with the failure there to show', async () => {
    const { model } = rig(sb.url, 'sbx_not_a_token');
    const asked = askAtSignIn(model, [ROCKET]);
    void model.start(true);
    const { heldAfter } = await asked;
    assert.equal(heldAfter, false);
    assert.notEqual(model.problem([ROCKET]), undefined, 'the failure is known when the wait ends');
    model.dispose();
  });

  it('resolves once a poll read all it watched, for a list no poll reads', async () => {
    const { model } = rig(sb.url);
    const never = listKeys.repo({ owner: 'acme', repo: 'not-shown' });
    const asked = askAtSignIn(model, [never]);
    void model.start(true);
    const { heldAfter } = await asked;
    assert.equal(heldAfter, false);
    assert.ok(model.store.hasList(ROCKET), 'it ended with the poll, which read the lists it watched');
    model.dispose();
  });

  it('resolves at once without a token', async () => {
    const { model } = rig(sb.url, undefined);
    await model.start(true);
    let done = false;
    void model.firstRead([ROCKET], LONG).then(() => (done = true));
    await Promise.resolve();
    assert.equal(done, true);
    model.dispose();
  });
});
