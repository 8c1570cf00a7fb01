// Add Repository… by name, inside a real VS Code against the sandbox: `owner/name` typed (read by name through
// GET /repos/{owner}/{repo}) or suggested (the workspace's repository first), an ID still accepted, an unknown name
// explained, a missing classic token set on the way; the results say names, not IDs.
import * as assert from 'node:assert/strict';
import { INSTALLATION_COMMANDS as C } from '../../src/ids';
import {
  answering,
  byLabel,
  DEMO_TOKENS,
  describeInstallations,
  forgetToken,
  resetSandbox,
  ROUTES,
  run,
  sent,
  setToken,
  truth,
  world,
} from './installationsSupport';
import { waitFor } from './tasksSupport';

/** acme/tools, acme/quiet, acme/silent: mona administers them; no installation lists them. */
const withTools = () =>
  world(w => {
    w.repositories.push({ id: 5012, owner: 'acme', name: 'tools', access: { 1001: 'admin', 1002: 'write' } });
    w.repositories.push({ id: 5013, owner: 'acme', name: 'quiet', access: { 1001: 'admin' } });
    w.repositories.push({ id: 5014, owner: 'acme', name: 'silent', access: { 1001: 'admin' } });
    w.tasks = [
      ...(w.tasks ?? []),
      { id: 'tools-1', repository: 5012, creator: 1002, prompt: 'Lint', state: 'completed' },
    ];
  });

describeInstallations('Add Repository… by name', suite => {
  beforeEach(async () => {
    await setToken('classic', DEMO_TOKENS.classic);
  });

  it('adds a repository typed as owner/name that no installation lists, and names it in the result', async () => {
    await resetSandbox(withTools());
    await suite.refresh();
    const reads = await sent(ROUTES.byName);
    const ui = answering(suite.api(), { pick: byLabel('Enter a name or ID'), input: 'acme/tools' });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.done, true, o.message);
    // No list names acme/tools, and no other suite has met it: its ID comes from reading it by name.
    assert.equal(await sent(ROUTES.byName), reads + 1, 'the name was read through GET /repos/{owner}/{repo}');
    assert.deepEqual(await truth(71), [5000, 5001, 5012]);
    assert.match(ui.told(), /^Added acme\/tools to ci-bot on acme\.$/m);
    assert.doesNotMatch(ui.told(), /5012/, 'no ID in what the user is told');
  });

  it("adds the input box's own example, acme/docs, read by name, and names it in the result", async () => {
    await resetSandbox();
    await suite.refresh();
    // Read by name unless the names cache met acme/docs in an earlier suite: the user sees the same either way.
    const ui = answering(suite.api(), { pick: byLabel('Enter a name or ID'), input: 'acme/docs' });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.done, true, o.message);
    assert.deepEqual(await truth(71), [5000, 5001, 5005]);
    assert.match(ui.told(), /^Added acme\/docs to ci-bot on acme\.$/m);
    assert.doesNotMatch(ui.told(), /5005/, 'no ID in what the user is told');
  });

  it('still adds a repository typed by its ID, and names it from the list read after the change', async () => {
    await resetSandbox(withTools());
    await suite.refresh();
    const ui = answering(suite.api(), { pick: byLabel('Enter a name or ID'), input: ' 5013 ' });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.done, true, o.message);
    assert.deepEqual(await truth(71), [5000, 5001, 5013]);
    assert.match(ui.told(), /^Added acme\/quiet to ci-bot on acme\.$/m);
  });

  it('without a classic token, offers to set one right there, and the add goes on once it is set', async () => {
    await resetSandbox();
    await suite.refresh();
    await forgetToken('classic');
    // The token's own question (the sandbox's demo token), then the repository's, answered in turn.
    const ui = answering(suite.api(), {
      confirm: true,
      pick: items => items.find(i => i.label.startsWith('$(beaker)')) ?? byLabel('Enter a name or ID')(items),
      input: 'acme/docs',
    });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.done, true, o.message);
    assert.match(ui.confirmations()[0] ?? '', /needs a classic token with the repo scope, and none is set/);
    assert.deepEqual(await truth(71), [5000, 5001, 5005]);
    assert.match(ui.told(), /^Added acme\/docs to ci-bot on acme\.$/m);
  });

  it('says what to do about a name it cannot find, and sends nothing', async () => {
    await resetSandbox(withTools());
    await suite.refresh();
    const before = await sent(ROUTES.add);
    const missing = answering(suite.api(), { pick: byLabel('Enter a name or ID'), input: 'acme/nowhere' });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.reason, 'unknown-target');
    assert.match(missing.told(), /acme\/nowhere was not found on the service.*numeric ID instead/);
    assert.equal(await sent(ROUTES.add), before, 'nothing was sent');
    assert.deepEqual(await truth(71), [5000, 5001]);
  });

  it("offers the workspace's repository first, by name, before what the lists show, and adds it", async () => {
    // ci-bot on acme without acme/rocket; lint-bot on all of acme lists acme/docs, which sorts before it.
    await resetSandbox(
      world(w => {
        w.installations!.find(i => i.id === 71)!.repositories = [5001];
        w.installations!.push({
          id: 74,
          account: 'acme',
          app_id: 4,
          app_slug: 'lint-bot',
          repository_selection: 'all',
        });
      }),
    );
    await waitFor(() => suite.api().repository() === 'acme/rocket', "the workspace's repository");
    await suite.refresh();
    const ui = answering(suite.api(), { pick: items => items.find(i => !!i.label) });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.done, true, o.message);
    const offered = ui.picks()[0] ?? [];
    assert.equal(offered[0], '$(repo) acme/rocket', `first in the picker: ${offered.join(' | ')}`);
    assert.ok(offered.includes('$(repo) acme/docs'), 'what the lists show follows');
    assert.deepEqual(await truth(71), [5000, 5001]);
    assert.match(ui.told(), /^Added acme\/rocket to ci-bot on acme\.$/m);
  });

  it('refuses a name of another account before sending anything', async () => {
    await resetSandbox(withTools());
    await suite.refresh();
    const before = await sent(ROUTES.add);
    const ui = answering(suite.api(), { pick: byLabel('Enter a name or ID'), input: 'globex/portal' });
    const o = await run(C.addRepository, { installationId: 71 });
    assert.equal(o.reason, 'blocked');
    assert.match(ui.told(), /globex\/portal belongs to globex, but ci-bot on acme is installed on acme/);
    assert.equal(await sent(ROUTES.add), before);
  });
});
