import * as assert from 'node:assert/strict';
import { startSandbox, demoWorld, type Sandbox } from '../../../src/sandbox';
import { listKeys } from '../../../src/model/taskSync';
import { rig, waitUntil, withoutGit } from './modelRig';

describe('TaskModel.searchAll (Go to Task open)', function () {
  this.timeout(20_000);
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ world: withoutGit(demoWorld()), stepMs: 0 });
  });
  after(() => sb.close());

  it('reads the lists of views that are not on screen, until it is released', async () => {
    const { model, repo } = rig(sb.url);
    await model.start(true);
    const website = listKeys.repo({ owner: 'acme', repo: 'website' });
    repo.current = { owner: 'acme', repo: 'website' };
    await model.refresh();
    assert.equal(model.store.hasList(website), false, 'a hidden view with nothing running is not read');
    const release = model.searchAll();
    await waitUntil(() => model.store.hasList(website));
    release();
    release(); // a second release changes nothing
    model.dispose();
  });
});
