// The Installations view and its commands inside a real VS Code, against the sandbox. Every change is checked
// against the sandbox over HTTP; every refusal also checks that nothing was sent or nothing changed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { INSTALLATION_COMMANDS as C } from '../../src/ids';
import {
  answering,
  DEMO_TOKENS,
  describeInstallations,
  forgetToken,
  installationOf,
  labels,
  node,
  resetSandbox,
  ROUTES,
  run,
  SANDBOX,
  sent,
  setToken,
  truth,
  view,
  world,
} from './installationsSupport';

describeInstallations('installations', suite => {
  const refresh = () => suite.refresh();

  describe('without the token an action needs', () => {
    before(async () => {
      await forgetToken('classic');
      await forgetToken('installation');
    });

    it('does not send a change without a classic token, and says which kind is needed', async () => {
      await refresh();
      const changes = [
        [C.removeRepository, { installationId: 71, repositoryId: 5001 }],
        [C.addRepository, { installationId: 71, repositoryId: 5005 }],
      ] as const;
      for (const [command, target] of changes) {
        // Add Repository… offers to set the token right there (see installationNames.test.ts); declined here.
        const ui = answering(suite.api(), { confirm: false });
        const o = await run(command, target);
        assert.equal(o.reason, 'no-token', `${command}: ${o.message ?? ''}`);
        const said = command === C.addRepository ? ui.confirmations().join('\n') : ui.told();
        assert.match(said, /needs a classic token with the repo scope, and none is set/);
        if (command === C.removeRepository)
          assert.equal(ui.confirmations().length, 0, 'no confirmation is asked before the token is there');
        else assert.equal(ui.confirmations().length, 1, 'only the offer to set the token');
      }
      assert.equal((await sent(ROUTES.remove)) + (await sent(ROUTES.add)), 0);
      assert.deepEqual(await truth(71), [5000, 5001]);
    });

    it('does not revoke without an installation token', async () => {
      const ui = answering(suite.api());
      const o = await run(C.revokeToken);
      assert.equal(o.reason, 'no-token');
      assert.match(ui.told(), /needs an installation token/);
      assert.equal(await sent(ROUTES.revoke), 0);
    });
  });

  describe('the view', () => {
    it('shows each installation with account, app, selection and a tooltip, and the repositories with permissions', async () => {
      await resetSandbox();
      const shown = await refresh();
      assert.deepEqual(labels(shown), ['acme', 'mona', 'globex']);
      const acme = node(shown, 'acme');
      assert.equal(acme.description, 'ci-bot · 2 repositories selected');
      assert.equal(acme.contextValue, 'installation:selected:web');
      assert.match(acme.tooltip, /checks \(write\)/);
      assert.match(acme.tooltip, /Events: push, pull\\_request/);
      assert.equal(node(shown, 'mona').contextValue, 'installation:all:web');
      assert.deepEqual(labels(acme.children), ['acme/rocket', 'acme/website']);
      assert.equal(node(shown, 'acme', 'acme/rocket').description, 'admin · push · pull');
      assert.equal(node(shown, 'mona').description, 'lint-bot · all repositories');
      assert.equal(node(shown, 'acme', 'acme/rocket').contextValue, 'installationRepo:removable:web');
    });

    it('pages through a large installation, 100 at a time', async () => {
      await resetSandbox(
        world(w => {
          for (let i = 0; i < 250; i++)
            w.repositories.push({ id: 7000 + i, owner: 'acme', name: `svc-${i}`, access: { 1001: 'admin' } });
          installationOf(w, 71).repositories!.push(...Array.from({ length: 250 }, (_, i) => 7000 + i));
        }),
      );
      const shown = await refresh();
      assert.equal(node(shown, 'acme').description, 'ci-bot · 252 repositories selected');
      assert.equal(node(shown, 'acme').children?.length, 252);
      assert.equal(
        await sent('GET /user/installations/{installation_id}/repositories'),
        3 + 1 + 1,
        'three pages for acme, one each for mona and globex',
      );
    });

    it('says when an installation has more repositories than were read, and reads the rest when asked', async () => {
      await resetSandbox(
        world(w => {
          for (let i = 0; i < 2_050; i++)
            w.repositories.push({ id: 8000 + i, owner: 'acme', name: `bulk-${i}`, access: { 1001: 'admin' } });
          installationOf(w, 71).repositories!.push(...Array.from({ length: 2_050 }, (_, i) => 8000 + i));
        }),
      );
      const shown = await refresh();
      const acme = node(shown, 'acme');
      assert.equal(
        acme.children?.filter(c => c.contextValue.startsWith('installationRepo')).length,
        2_000,
        'the first 20 pages',
      );
      const [line] = (await suite.api().treeItems('installations', 1))
        .find(i => i.label === 'acme')!
        .children!.slice(-1);
      assert.equal(line.label, '2000 of 2052 shown. Load more…');
      assert.ok(line.command, 'the line reads further when clicked');
      await vscode.commands.executeCommand(line.command.command, ...(line.command.arguments ?? []));
      const after = node(await view(suite.api()), 'acme');
      assert.equal(after.children?.length, 2_052, 'every repository, and no "Load more…" line');
    });

    it('disables Remove where the answer is known: an installation on all repositories, the last repository, not admin', async () => {
      await resetSandbox(world(w => installationOf(w, 71).repositories!.push(5002)));
      const shown = await refresh();
      const blocked = (path: string[]) => node(shown, ...path);
      for (const path of [
        ['mona', 'mona/dotfiles'],
        ['globex', 'globex/portal'],
        ['acme', 'acme/infra'],
      ]) {
        assert.match(blocked(path).contextValue, /^installationRepo:blocked/, path.join(' > '));
        assert.match(blocked(path).description, /cannot be removed/);
      }
      assert.match(blocked(['mona', 'mona/dotfiles']).tooltip, /set to all repositories/);
      assert.match(blocked(['globex', 'globex/portal']).tooltip, /only repository/);
      assert.match(blocked(['acme', 'acme/infra']).tooltip, /needs admin access.*you have write access/);
    });
  });

  describe('installation token', () => {
    before(() => resetSandbox());

    it('lists the repositories the token reaches', async () => {
      await setToken('installation', DEMO_TOKENS.installation);
      const shown = await refresh();
      assert.deepEqual(labels(node(shown, 'Installation token').children), ['acme/rocket', 'acme/website']);
    });

    it('revokes nothing when the confirmation is declined', async () => {
      answering(suite.api(), { confirm: false });
      const o = await run(C.revokeToken);
      assert.equal(o.reason, 'cancelled');
      assert.equal(await sent(ROUTES.revoke), 0);
      const r = await fetch(`${SANDBOX}/installation/repositories`, {
        headers: { authorization: `Bearer ${DEMO_TOKENS.installation}` },
      });
      assert.equal(r.status, 200);
    });

    it('revokes after a confirmation, deletes the stored token and says a new one must be created', async () => {
      const ui = answering(suite.api(), { confirm: true });
      const o = await run(C.revokeToken);
      assert.equal(o.done, true, o.message);
      assert.match(ui.told(), /create a new installation token/);
      assert.ok(!labels(await view(suite.api())).includes('Installation token'), 'the token is gone from the view');
      const r = await fetch(`${SANDBOX}/installation/repositories`, {
        headers: { authorization: `Bearer ${DEMO_TOKENS.installation}` },
      });
      assert.equal(r.status, 401);
      answering(suite.api());
      const again = await run(C.revokeToken);
      assert.equal(again.reason, 'no-token', 'the token was deleted from secret storage');
    });

    it('explains a token that is already revoked (401), and keeps it until the user removes it', async () => {
      // Set while it works (a token refused when set is not saved), then revoked at the service behind its back.
      await resetSandbox();
      await setToken('installation', DEMO_TOKENS.installation);
      await fetch(`${SANDBOX}/installation/token`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${DEMO_TOKENS.installation}` },
      });
      const shown = await refresh();
      const problem = node(shown, 'Installation token').children?.[0];
      assert.match(problem?.label ?? '', /installation token was refused: it has been revoked or has expired/);
      assert.match(problem?.tooltip ?? '', /Create a new installation token/);
      const ui = answering(suite.api(), { confirm: true });
      const o = await run(C.revokeToken);
      assert.equal(o.status, 401);
      assert.match(ui.told(), /revoked or has expired/);
      assert.ok(labels(await view(suite.api())).includes('Installation token'));
    });
  });
});
