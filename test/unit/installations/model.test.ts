// The model against the sandbox over HTTP, with the real API client: what the view would show.
import assert from 'node:assert/strict';
import { ApiClient } from '../../../src/api';
import { statusOf } from '../../../src/errors/failure';
import { MissingTokenError } from '../../../src/errors/installationErrors';
import type { TokenKind } from '../../../src/ids';
import { Emitter } from '../../../src/shared/emitter';
import {
  explainSlotProblem,
  InstallationsModel,
  type Access,
  type ModelChange,
} from '../../../src/installations/model';
import { RepoNames } from '../../../src/model/repoNames';
import { DEMO_TOKENS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';

import { withoutGit } from '../model/modelRig';

type Tokens = Partial<Record<TokenKind, string>>;

function accessFor(url: string, tokens: Tokens): Access {
  const clients = new Map<TokenKind, ApiClient>();
  return {
    has: async kind => tokens[kind] !== undefined,
    client: async kind => {
      let c = clients.get(kind);
      if (!c) clients.set(kind, (c = new ApiClient({ baseUrl: url, token: async () => tokens[kind], retries: 0 })));
      return c;
    },
  };
}

function modelFor(url: string, tokens: Tokens): InstallationsModel {
  return new InstallationsModel({ access: accessFor(url, tokens) });
}

type Stats = { total: number; by_route: Record<string, number>; not_modified: number };

async function stats(sb: Sandbox): Promise<Stats> {
  return (await fetch(`${sb.url}/_sandbox/stats`)).json() as Promise<Stats>;
}

const INSTALLATION_REPOS = 'GET /user/installations/{installation_id}/repositories';

describe('installations model against the sandbox', function () {
  this.timeout(20_000);
  let sb: Sandbox;
  // No git repositories: the model needs none, and none is then being written when the sandbox closes.
  const world = withoutGit(demoWorld());
  // A large installation: 250 more repositories of acme, all in installation 71.
  for (let i = 0; i < 250; i++) {
    world.repositories.push({
      id: 6000 + i,
      owner: 'acme',
      name: `svc-${i}`,
      access: { 1001: i % 5 === 0 ? 'write' : 'admin' },
    });
  }
  world.installations!.find(i => i.id === 71)!.repositories!.push(...Array.from({ length: 250 }, (_, i) => 6000 + i));

  before(async () => {
    sb = await startSandbox({ world, stepMs: 0 });
  });
  after(() => sb.close());
  beforeEach(async () => {
    await fetch(`${sb.url}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    await fetch(`${sb.url}/_sandbox/stats/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  });

  it("lists the user's installations with account, app and selection", async () => {
    const m = modelFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained });
    await m.refreshInstallations();
    assert.equal(m.installations.problem, undefined);
    assert.deepEqual(
      m.installations.value!.map(i => [i.id, i.account.login, i.app_slug, i.repository_selection]),
      [
        [71, 'acme', 'ci-bot', 'selected'],
        [72, 'mona', 'lint-bot', 'all'],
        [73, 'globex', 'ci-bot', 'selected'],
      ],
    );
  });

  it('pages through a large installation at 100 a page, with progress, and revalidates cheaply', async () => {
    const m = modelFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained });
    const seen: string[] = [];
    m.onDidChange((c: ModelChange) => {
      const s = m.repositoriesOf(71);
      if (c.what === 'repositories' && s.loading) seen.push(`${s.loading.done}/${s.loading.total}`);
    });
    await m.refreshRepositories(71);
    const slot = m.repositoriesOf(71);
    assert.equal(slot.value!.length, 252);
    assert.equal(slot.total, 252);
    assert.deepEqual(seen, ['0/0', '100/252', '200/252', '252/252']);
    assert.equal((await stats(sb)).by_route[INSTALLATION_REPOS], 3);
    const rocket = slot.value!.find(r => r.id === 5000)!;
    assert.deepEqual(rocket.permissions, { admin: true, push: true, pull: true });

    await m.refreshRepositories(71);
    const after = await stats(sb);
    assert.equal(after.by_route[INSTALLATION_REPOS], 6);
    assert.equal(after.not_modified, 3, 'an unchanged installation costs three 304s');
  });

  it('joins a load under way instead of starting another', async () => {
    const m = modelFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained });
    await Promise.all([m.refreshRepositories(73), m.refreshRepositories(73)]);
    assert.equal((await stats(sb)).by_route[INSTALLATION_REPOS], 1);
  });

  it('without the token a list needs, sends nothing and names the kind', async () => {
    const m = modelFor(sb.url, { classic: DEMO_TOKENS.classic });
    await m.refreshInstallations();
    await m.refreshTokenRepositories();
    assert.ok(m.installations.problem?.error instanceof MissingTokenError, 'the error object is kept');
    assert.equal(explainSlotProblem(m.installations.problem).tokenKind, 'fine_grained');
    assert.equal(explainSlotProblem(m.tokenRepositories.problem!).tokenKind, 'installation');
    assert.equal((await stats(sb)).total, 0);
  });

  it("lists the installation token's repositories, and explains a revoked token", async () => {
    const tokens: Tokens = { installation: DEMO_TOKENS.installation };
    const access = accessFor(sb.url, tokens);
    const m = new InstallationsModel({ access });
    await m.refreshTokenRepositories();
    assert.deepEqual(m.tokenRepositories.value!.map(r => r.id).slice(0, 2), [5000, 5001]);
    await (await access.client('installation')).revokeInstallationToken();
    await m.refreshTokenRepositories();
    const problem = m.tokenRepositories.problem!;
    assert.equal(statusOf(problem.error), 401, 'the ApiError itself is kept, not its words');
    assert.match(explainSlotProblem(problem).text, /revoked or has expired/);
    assert.equal(m.tokenRepositories.value!.length, 252, 'a failed reload keeps the last list beside the problem');
  });

  it('keeps loading the installations when only the installation token changed meanwhile', async () => {
    const m = modelFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained });
    const loading = m.refreshInstallations();
    m.reset('token');
    await loading;
    assert.equal(m.installations.value?.length, 3);
    assert.equal(m.installations.loading, undefined, 'never left loading forever');
  });

  it('drops an answer that arrives after a reset', async () => {
    const m = modelFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained });
    const loading = m.refreshInstallations();
    m.reset('user');
    const after: ModelChange[] = [];
    m.onDidChange(c => after.push(c));
    await loading;
    assert.equal(m.installations.value, undefined);
    assert.deepEqual(after, [], 'nothing is redrawn from a stale answer');
  });

  it('says a list longer than its page budget was cut, and reads the rest when asked', async () => {
    const m = modelFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained });
    const slot = m.repositoriesOf(71);
    slot.budget = 2;
    await m.refreshRepositories(71);
    assert.deepEqual([slot.value!.length, slot.total, slot.cut], [200, 252, true]);
    await m.loadMore({ what: 'repositories', installationId: 71 });
    assert.deepEqual([slot.value!.length, slot.cut], [252, false]);
  });

  it('forgets what a token brought when that token changes, and everything when the service changes', async () => {
    const tokens: Tokens = { fine_grained: DEMO_TOKENS.fineGrained, installation: DEMO_TOKENS.installation };
    const token = new Emitter<TokenKind>();
    const service = new Emitter<void>();
    const m = new InstallationsModel({
      access: accessFor(sb.url, tokens),
      onDidChangeToken: token.event,
      onDidChangeService: service.event,
    });
    await Promise.all([m.refreshInstallations(), m.refreshTokenRepositories()]);
    token.fire('installation');
    assert.equal(m.tokenRepositories.value, undefined);
    assert.equal(m.installations.value?.length, 3, "the user's lists stay");
    token.fire('fine_grained');
    assert.equal(m.installations.value, undefined);
    await Promise.all([m.refreshInstallations(), m.refreshTokenRepositories()]);
    service.fire();
    assert.deepEqual([m.installations.value, m.tokenRepositories.value], [undefined, undefined]);
    m.dispose();
  });

  it('teaches the repository names cache every repository its lists name, by ID', async () => {
    const names = new RepoNames();
    const model = new InstallationsModel({
      access: accessFor(sb.url, { fine_grained: DEMO_TOKENS.fineGrained, installation: DEMO_TOKENS.installation }),
      names,
    });
    await model.refreshInstallations();
    assert.equal(names.name(5001), undefined, 'the installations list names no repository');
    await model.refreshRepositories(71);
    assert.equal(names.name(5001), 'acme/website');
    assert.equal(names.idOf('acme/rocket'), 5000);
    await model.refreshTokenRepositories();
    assert.ok(model.tokenRepositories.value?.length, 'the token lists repositories');
    for (const r of model.tokenRepositories.value ?? []) assert.equal(names.name(r.id), r.full_name);
    model.dispose();
  });
});
