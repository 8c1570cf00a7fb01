// The Installations view and its commands inside a real VS Code, against the sandbox. Every change is checked
// against the sandbox over HTTP; every refusal also checks that nothing was sent or nothing changed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, INSTALLATION_COMMANDS as C } from '../../src/ids';
import {
  answering, byLabel, DEMO_TOKENS, forgetToken, installationOf, labels, node, resetSandbox, REVOKED_CLASSIC, ROUTES, SANDBOX, sent, setToken, truth, useSandbox,
  world, type Outcome,
} from './installationsSupport';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<Outcome>(command, ...args);
const refresh = () => run(C.refresh, { deep: true });

describe('installations', function () {
  this.timeout(30_000);

  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    await useSandbox();
    await resetSandbox();
    await setToken(vscode, 'fine_grained', DEMO_TOKENS.fineGrained);
  });

  // The suites that follow expect the world the sandbox started with.
  after(() => fetch(`${SANDBOX}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } }));

  describe('without the token an action needs', () => {
    before(async () => {
      await forgetToken(vscode, 'classic');
      await forgetToken(vscode, 'installation');
    });

    it('does not send a change without a classic token, and says which kind is needed', async () => {
      await refresh();
      for (const [command, target] of [[C.removeRepository, { installationId: 71, repositoryId: 5001 }], [C.addRepository, { installationId: 71, repositoryId: 5005 }]] as const) {
        const ui = answering();
        const o = await run(command, target, ui.options);
        assert.equal(o.reason, 'no-token', `${command}: ${o.message ?? ''}`);
        assert.match(ui.told(), /needs a classic token with the repo scope, and none is set/);
        assert.equal(ui.asked.length, 0, 'no confirmation is asked before the token is there');
      }
      assert.equal(await sent(ROUTES.remove) + await sent(ROUTES.add), 0);
      assert.deepEqual(await truth(71), [5000, 5001]);
    });

    it('does not revoke without an installation token', async () => {
      const ui = answering();
      const o = await run(C.revokeToken, ui.options);
      assert.equal(o.reason, 'no-token');
      assert.match(ui.told(), /needs an installation token/);
      assert.equal(await sent(ROUTES.revoke), 0);
    });
  });

  describe('the view', () => {
    it('shows each installation with account, app, selection and a tooltip, and the repositories with permissions', async () => {
      await resetSandbox();
      const { view } = await refresh();
      assert.deepEqual(labels(view), ['acme', 'mona', 'globex']);
      const acme = node(view, 'acme');
      assert.equal(acme.description, 'ci-bot · 2 repositories selected');
      assert.equal(acme.contextValue, 'installation:selected:web');
      assert.match(acme.tooltip, /checks \(write\)/);
      assert.match(acme.tooltip, /Events: push, pull\\_request/);
      assert.equal(node(view, 'mona').contextValue, 'installation:all:web');
      assert.deepEqual(labels(acme.children), ['acme/rocket', 'acme/website']);
      assert.equal(node(view, 'acme', 'acme/rocket').description, 'admin · push · pull');
      assert.equal(node(view, 'mona').description, 'lint-bot · all repositories');
      assert.equal(node(view, 'acme', 'acme/rocket').contextValue, 'installationRepo:removable:web');
    });

    it('pages through a large installation, 100 at a time', async () => {
      await resetSandbox(world(w => {
        for (let i = 0; i < 250; i++) w.repositories!.push({ id: 7000 + i, owner: 'acme', name: `svc-${i}`, access: { 1001: 'admin' } });
        installationOf(w, 71).repositories!.push(...Array.from({ length: 250 }, (_, i) => 7000 + i));
      }));
      const { view } = await refresh();
      assert.equal(node(view, 'acme').description, 'ci-bot · 252 repositories selected');
      assert.equal(node(view, 'acme').children?.length, 252);
      assert.equal(await sent('GET /user/installations/{installation_id}/repositories'), 3 + 1 + 1, 'three pages for acme, one each for mona and globex');
    });

    it('disables Remove where the answer is known: an installation on all repositories, the last repository, not admin', async () => {
      await resetSandbox(world(w => installationOf(w, 71).repositories!.push(5002)));
      const { view } = await refresh();
      const blocked = (path: string[]) => node(view, ...path);
      for (const path of [['mona', 'mona/dotfiles'], ['globex', 'globex/portal'], ['acme', 'acme/infra']]) {
        assert.match(blocked(path).contextValue, /^installationRepo:blocked/, path.join(' > '));
        assert.match(blocked(path).description, /cannot be removed/);
      }
      assert.match(blocked(['mona', 'mona/dotfiles']).tooltip, /set to all repositories/);
      assert.match(blocked(['globex', 'globex/portal']).tooltip, /only repository/);
      assert.match(blocked(['acme', 'acme/infra']).tooltip, /needs admin access.*you have write access/);
    });
  });

  describe('Remove Repository', () => {
    beforeEach(async () => {
      await resetSandbox();
      await setToken(vscode, 'classic', DEMO_TOKENS.classic);
    });

    it('removes after a confirmation that names the repository and the installation, then shows the new truth', async () => {
      await refresh();
      const ui = answering({ confirm: true });
      const o = await run(C.removeRepository, { installationId: 71, repositoryId: 5001 }, ui.options);
      assert.equal(o.done, true, o.message);
      assert.match(ui.asked[0] ?? '', /^Remove acme\/website from ci-bot on acme\?/);
      assert.deepEqual(await truth(71), [5000]);
      assert.deepEqual(labels(node(o.view, 'acme').children), ['acme/rocket']);
      assert.match(node(o.view, 'acme', 'acme/rocket').contextValue, /blocked/, 'now the last one');
    });

    it('from the palette, asks which installation (only selected ones) and which repository', async () => {
      await refresh();
      const ui = answering({ pick: items => items.find(i => i.label === 'acme') ?? items.find(i => i.label === 'acme/rocket') });
      const o = await run(C.removeRepository, ui.options);
      assert.equal(o.done, true, o.message);
      assert.deepEqual(ui.picks, [['acme', 'globex'], ['acme/rocket', 'acme/website']]);
      assert.deepEqual(await truth(71), [5001]);
    });

    it('sends nothing when the confirmation is declined', async () => {
      await refresh();
      const o = await run(C.removeRepository, { installationId: 71, repositoryId: 5001 }, answering({ confirm: false }).options);
      assert.equal(o.reason, 'cancelled');
      assert.equal(await sent(ROUTES.remove), 0);
      assert.deepEqual(await truth(71), [5000, 5001]);
    });

    for (const [name, installationId, repositoryId, reason] of [
      ['an installation on all repositories', 72, 5003, /set to all repositories/],
      ['the last repository', 73, 5004, /only repository/],
    ] as const) {
      it(`refuses ${name} without sending anything`, async () => {
        await refresh();
        const ui = answering();
        const o = await run(C.removeRepository, { installationId, repositoryId }, ui.options);
        assert.equal(o.reason, 'blocked');
        assert.match(ui.told(), reason);
        assert.equal(await sent(ROUTES.remove), 0);
      });
    }

    // The view loaded one world; the service now has another. The service's refusal is explained, nothing changes.
    for (const [name, before, after, target, status, words] of [
      ['the service\'s 422 on the last repository', (w: ReturnType<typeof world>) => installationOf(w, 71), (w: ReturnType<typeof world>) => { installationOf(w, 71).repositories = [5000]; }, { installationId: 71, repositoryId: 5000 }, 422, /last repository/],
      ['the service\'s 422 on an installation now on all repositories', () => undefined, (w: ReturnType<typeof world>) => { installationOf(w, 71).repository_selection = 'all'; delete installationOf(w, 71).repositories; }, { installationId: 71, repositoryId: 5001 }, 422, /covers all/],
      ['the service\'s 403 where the user is no longer admin', () => undefined, (w: ReturnType<typeof world>) => { w.repositories!.find(r => r.id === 5001)!.access = { 1001: 'write' }; }, { installationId: 71, repositoryId: 5001 }, 403, /needs admin access to acme\/website/],
    ] as const) {
      it(`explains ${name}, and leaves the view and the service as they were`, async () => {
        await resetSandbox(world(w => void before(w)));
        const { view } = await refresh();
        await resetSandbox(world(w => void after(w)));
        const truthBefore = await truth(71);
        const ui = answering({ confirm: true });
        const o = await run(C.removeRepository, target, ui.options);
        assert.equal(o.reason, 'refused');
        assert.equal(o.status, status);
        assert.match(ui.told(), words);
        assert.deepEqual(o.view, view, 'the view is left as it was');
        assert.deepEqual(await truth(71), truthBefore);
      });
    }

    it('explains a classic token without the repo scope (403) and a revoked one (401)', async () => {
      await resetSandbox(world());
      await refresh();
      for (const [token, status, words] of [[DEMO_TOKENS.classicNoScope, 403, /repo scope/], [REVOKED_CLASSIC, 401, /classic token was refused: it is revoked/]] as const) {
        await setToken(vscode, 'classic', token);
        const ui = answering({ confirm: true });
        const o = await run(C.removeRepository, { installationId: 71, repositoryId: 5001 }, ui.options);
        assert.equal(o.status, status);
        assert.match(ui.told(), words);
        assert.deepEqual(await truth(71), [5000, 5001]);
      }
    });
  });

  describe('Add Repository…', () => {
    // An installation of lint-bot on all of acme shows mona every acme repository she can reach.
    const withAllOfAcme = () => world(w => w.installations!.push({ id: 74, account: 'acme', app_id: 4, app_slug: 'lint-bot', repository_selection: 'all' }));

    beforeEach(async () => {
      await resetSandbox(withAllOfAcme());
      await setToken(vscode, 'classic', DEMO_TOKENS.classic);
    });

    it('offers reachable repositories not yet in it, greys out the ones the user does not administer, and adds', async () => {
      await refresh();
      const ui = answering({ pick: byLabel('acme/docs') });
      const o = await run(C.addRepository, { installationId: 71 }, ui.options);
      assert.equal(o.done, true, o.message);
      const offered = ui.picks[0] ?? [];
      assert.ok(offered.includes('$(repo) acme/docs'), offered.join(' | '));
      assert.ok(offered.includes('$(circle-slash) acme/infra'), 'infra is offered but marked as not possible');
      assert.ok(!offered.some(l => /rocket|website|dotfiles|portal/.test(l)), 'nothing already in it, nothing of another account');
      assert.match(ui.placeholders[0] ?? '', /installations' lists \(the service has no list of all your repositories\)/, 'says where the list comes from');
      assert.deepEqual(await truth(71), [5000, 5001, 5005]);
      assert.deepEqual(labels(node(o.view, 'acme').children), ['acme/rocket', 'acme/website', 'acme/docs']);
    });

    it('explains a greyed-out choice and sends nothing', async () => {
      await refresh();
      const ui = answering({ pick: byLabel('acme/infra') });
      const o = await run(C.addRepository, { installationId: 71 }, ui.options);
      assert.equal(o.reason, 'blocked');
      assert.match(ui.told(), /needs admin access to it; you have write access/);
      assert.equal(await sent(ROUTES.add), 0);
    });

    it('adds a repository typed by ID, and explains the service\'s 403 for one the user does not administer', async () => {
      // acme/ops: mona may write to it, and no list the view has seen shows it, so only the service can judge.
      await resetSandbox(world(w => w.repositories!.push({ id: 5010, owner: 'acme', name: 'ops', access: { 1001: 'write' } })));
      await refresh();
      const typed = await run(C.addRepository, { installationId: 71 }, answering({ pick: byLabel('Enter a repository ID'), input: '5005' }).options);
      assert.equal(typed.done, true, typed.message);
      assert.deepEqual(await truth(71), [5000, 5001, 5005]);
      const ui = answering();
      const o = await run(C.addRepository, { installationId: 71, repositoryId: 5010 }, ui.options);
      assert.equal(o.status, 403, o.message);
      assert.match(ui.told(), /needs admin access to repository 5010/);
      assert.deepEqual(await truth(71), [5000, 5001, 5005]);
    });

    it('refuses adding to an installation on all repositories, and explains a revoked classic token', async () => {
      await refresh();
      const all = await run(C.addRepository, { installationId: 72, repositoryId: 5003 }, answering().options);
      assert.equal(all.reason, 'blocked');
      await setToken(vscode, 'classic', REVOKED_CLASSIC);
      const ui = answering();
      const o = await run(C.addRepository, { installationId: 71, repositoryId: 5005 }, ui.options);
      assert.equal(o.status, 401);
      assert.match(ui.told(), /classic token was refused/);
      assert.equal(await sent(ROUTES.add), 1, 'only the one refused request');
      assert.deepEqual(await truth(71), [5000, 5001]);
    });
  });

  describe('installation token', () => {
    before(() => resetSandbox());

    it('lists the repositories the token reaches', async () => {
      await setToken(vscode, 'installation', DEMO_TOKENS.installation);
      const { view } = await refresh();
      assert.deepEqual(labels(node(view, 'Installation token').children), ['acme/rocket', 'acme/website']);
    });

    it('revokes nothing when the confirmation is declined', async () => {
      const o = await run(C.revokeToken, answering({ confirm: false }).options);
      assert.equal(o.reason, 'cancelled');
      assert.equal(await sent(ROUTES.revoke), 0);
      const r = await fetch(`${SANDBOX}/installation/repositories`, { headers: { authorization: `Bearer ${DEMO_TOKENS.installation}` } });
      assert.equal(r.status, 200);
    });

    it('revokes after a confirmation, deletes the stored token and says a new one must be created', async () => {
      const ui = answering({ confirm: true });
      const o = await run(C.revokeToken, ui.options);
      assert.equal(o.done, true, o.message);
      assert.match(ui.told(), /create a new installation token/);
      assert.ok(!labels(o.view).includes('Installation token'), 'the token is gone from the view');
      const r = await fetch(`${SANDBOX}/installation/repositories`, { headers: { authorization: `Bearer ${DEMO_TOKENS.installation}` } });
      assert.equal(r.status, 401);
      const again = await run(C.revokeToken, answering().options);
      assert.equal(again.reason, 'no-token', 'the token was deleted from secret storage');
    });

    it('explains a token that is already revoked (401), and keeps it until the user removes it', async () => {
      await setToken(vscode, 'installation', DEMO_TOKENS.installation);
      const { view } = await refresh();
      const problem = node(view, 'Installation token').children?.[0];
      assert.match(problem?.label ?? '', /installation token was refused: it has been revoked or has expired/);
      assert.match(problem?.tooltip ?? '', /Create a new installation token/);
      const ui = answering({ confirm: true });
      const o = await run(C.revokeToken, ui.options);
      assert.equal(o.status, 401);
      assert.match(ui.told(), /revoked or has expired/);
      assert.ok(labels(o.view).includes('Installation token'));
    });
  });
});
