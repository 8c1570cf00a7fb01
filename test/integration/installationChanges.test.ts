// Adding and removing an installation's repositories inside a real VS Code, against the sandbox. Every change is
// checked against the sandbox over HTTP; every refusal also checks that nothing was sent or nothing changed.
import * as assert from 'node:assert/strict';
import { INSTALLATION_COMMANDS as C } from '../../src/ids';
import {
  answering,
  byLabel,
  DEMO_TOKENS,
  describeInstallations,
  installationOf,
  labels,
  node,
  resetSandbox,
  REVOKED_CLASSIC,
  ROUTES,
  run,
  sent,
  setToken,
  truth,
  view,
  world,
} from './installationsSupport';

describeInstallations('installation changes', suite => {
  const refresh = () => suite.refresh();

  describe('Remove Repository', () => {
    beforeEach(async () => {
      await resetSandbox();
      await setToken('classic', DEMO_TOKENS.classic);
    });

    it('removes after a confirmation that names the repository and the installation, then shows the new truth', async () => {
      await refresh();
      const ui = answering(suite.api(), { confirm: true });
      const o = await run(C.removeRepository, { installationId: 71, repositoryId: 5001 });
      assert.equal(o.done, true, o.message);
      assert.match(ui.confirmations()[0] ?? '', /^Remove acme\/website from ci-bot on acme\?/);
      assert.deepEqual(await truth(71), [5000]);
      assert.deepEqual(labels(node(await view(suite.api()), 'acme').children), ['acme/rocket']);
      assert.match(node(await view(suite.api()), 'acme', 'acme/rocket').contextValue, /blocked/, 'now the last one');
    });

    it('from the palette, asks which installation (only selected ones) and which repository', async () => {
      await refresh();
      const ui = answering(suite.api(), {
        pick: items => items.find(i => i.label === 'acme') ?? items.find(i => i.label === 'acme/rocket'),
      });
      const o = await run(C.removeRepository);
      assert.equal(o.done, true, o.message);
      assert.deepEqual(ui.picks(), [
        ['acme', 'globex'],
        ['acme/rocket', 'acme/website'],
      ]);
      assert.deepEqual(await truth(71), [5001]);
    });

    it('sends nothing when the confirmation is declined', async () => {
      await refresh();
      answering(suite.api(), { confirm: false });
      const o = await run(C.removeRepository, { installationId: 71, repositoryId: 5001 });
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
        const ui = answering(suite.api());
        const o = await run(C.removeRepository, { installationId, repositoryId });
        assert.equal(o.reason, 'blocked');
        assert.match(ui.told(), reason);
        assert.equal(await sent(ROUTES.remove), 0);
      });
    }

    // The view loaded one world; the service now has another. The service's refusal is explained, nothing changes.
    for (const [name, before, after, target, status, words] of [
      [
        "the service's 422 on the last repository",
        (w: ReturnType<typeof world>) => installationOf(w, 71),
        (w: ReturnType<typeof world>) => {
          installationOf(w, 71).repositories = [5000];
        },
        { installationId: 71, repositoryId: 5000 },
        422,
        /last repository/,
      ],
      [
        "the service's 422 on an installation now on all repositories",
        () => undefined,
        (w: ReturnType<typeof world>) => {
          installationOf(w, 71).repository_selection = 'all';
          delete installationOf(w, 71).repositories;
        },
        { installationId: 71, repositoryId: 5001 },
        422,
        /covers all/,
      ],
      [
        "the service's 403 where the user is no longer admin",
        () => undefined,
        (w: ReturnType<typeof world>) => {
          w.repositories.find(r => r.id === 5001)!.access = { 1001: 'write' };
        },
        { installationId: 71, repositoryId: 5001 },
        403,
        /needs admin access to acme\/website/,
      ],
    ] as const) {
      it(`explains ${name}, and leaves the view and the service as they were`, async () => {
        await resetSandbox(world(w => void before(w)));
        const shown = await refresh();
        await resetSandbox(world(w => void after(w)));
        const truthBefore = await truth(71);
        const ui = answering(suite.api(), { confirm: true });
        const o = await run(C.removeRepository, target);
        assert.equal(o.reason, 'refused');
        assert.equal(o.status, status);
        assert.match(ui.told(), words);
        assert.deepEqual(await view(suite.api()), shown, 'the view is left as it was');
        assert.deepEqual(await truth(71), truthBefore);
      });
    }

    it('explains a classic token without the repo scope (403) and a revoked one (401)', async () => {
      await resetSandbox(world());
      await refresh();
      for (const [token, status, words] of [
        [DEMO_TOKENS.classicNoScope, 403, /repo scope/],
        [REVOKED_CLASSIC, 401, /Your classic token is missing, expired or revoked/],
      ] as const) {
        await setToken('classic', token);
        const ui = answering(suite.api(), { confirm: true });
        const o = await run(C.removeRepository, { installationId: 71, repositoryId: 5001 });
        assert.equal(o.status, status);
        assert.match(ui.told(), words);
        assert.deepEqual(await truth(71), [5000, 5001]);
      }
    });
  });

  describe('Add Repository…', () => {
    // An installation of lint-bot on all of acme shows mona every acme repository she can reach.
    const withAllOfAcme = () =>
      world(w =>
        w.installations!.push({
          id: 74,
          account: 'acme',
          app_id: 4,
          app_slug: 'lint-bot',
          repository_selection: 'all',
        }),
      );

    beforeEach(async () => {
      await resetSandbox(withAllOfAcme());
      await setToken('classic', DEMO_TOKENS.classic);
    });

    it('offers reachable repositories not yet in it, greys out the ones the user does not administer, and adds', async () => {
      await refresh();
      const ui = answering(suite.api(), { pick: byLabel('acme/docs') });
      const o = await run(C.addRepository, { installationId: 71 });
      assert.equal(o.done, true, o.message);
      const offered = ui.picks()[0] ?? [];
      assert.ok(offered.includes('$(repo) acme/docs'), offered.join(' | '));
      assert.ok(offered.includes('$(circle-slash) acme/infra'), 'infra is offered but marked as not possible');
      assert.ok(
        !offered.some(l => /rocket|website|dotfiles|portal/.test(l)),
        'nothing already in it, nothing of another account',
      );
      assert.match(
        ui.placeholders()[0] ?? '',
        /installations' lists \(the service has no list of all your repositories\)/,
        'says where the list comes from',
      );
      assert.deepEqual(await truth(71), [5000, 5001, 5005]);
      assert.deepEqual(labels(node(await view(suite.api()), 'acme').children), [
        'acme/rocket',
        'acme/website',
        'acme/docs',
      ]);
    });

    it('explains a greyed-out choice and sends nothing', async () => {
      await refresh();
      const ui = answering(suite.api(), { pick: byLabel('acme/infra') });
      const o = await run(C.addRepository, { installationId: 71 });
      assert.equal(o.reason, 'blocked');
      assert.match(ui.told(), /needs admin access to it; you have write access/);
      assert.equal(await sent(ROUTES.add), 0);
    });

    it("adds a repository typed by ID, and explains the service's 403 for one the user does not administer", async () => {
      // acme/ops: mona may write to it, and no list the view has seen shows it, so only the service can judge.
      await resetSandbox(
        world(w => w.repositories.push({ id: 5010, owner: 'acme', name: 'ops', access: { 1001: 'write' } })),
      );
      await refresh();
      answering(suite.api(), { pick: byLabel('Enter a name or ID'), input: '5005' });
      const typed = await run(C.addRepository, { installationId: 71 });
      assert.equal(typed.done, true, typed.message);
      assert.deepEqual(await truth(71), [5000, 5001, 5005]);
      const ui = answering(suite.api());
      const o = await run(C.addRepository, { installationId: 71, repositoryId: 5010 });
      assert.equal(o.status, 403, o.message);
      assert.match(ui.told(), /needs admin access to repository 5010/);
      assert.deepEqual(await truth(71), [5000, 5001, 5005]);
    });

    it('refuses adding to an installation on all repositories, and explains a revoked classic token', async () => {
      await refresh();
      answering(suite.api());
      const all = await run(C.addRepository, { installationId: 72, repositoryId: 5003 });
      assert.equal(all.reason, 'blocked');
      await setToken('classic', REVOKED_CLASSIC);
      const ui = answering(suite.api());
      const o = await run(C.addRepository, { installationId: 71, repositoryId: 5005 });
      assert.equal(o.status, 401);
      assert.match(ui.told(), /Your classic token is missing, expired or revoked/);
      assert.equal(await sent(ROUTES.add), 1, 'only the one refused request');
      assert.deepEqual(await truth(71), [5000, 5001]);
    });
  });
});
