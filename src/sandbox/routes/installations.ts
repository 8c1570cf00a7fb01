// App installations: the token's repositories, revoking the token, the user's installations and their
// repositories, adding and removing a repository.
import type { WorldAccessLevel } from '../world';
import { atLeast, canRead, explicitLevel, installationRepos } from '../access';
import type { InstRec, RepoRec, State } from '../state';
import { requireClassicRepo, requireFineGrained, requireInstallation } from '../http/auth';
import { paginate } from '../http/paginate';
import { parsePageLenient } from '../http/query';
import { forbidden, HttpError, noContent, notFound, type HttpReply } from '../http/reply';
import type { Ctx, SandboxRoute } from '../http/router';
import { renderInstallation } from '../render/installation';
import { renderRepository } from '../render/repository';

function listBody(ctx: Ctx, key: 'repositories' | 'installations', all: unknown[]): HttpReply {
  const p = paginate(all, parsePageLenient(ctx.query), ctx.origin, ctx.path, ctx.query);
  return {
    status: 200,
    json: JSON.stringify({ total_count: all.length, [key]: p.items }),
    headers: p.link ? { link: p.link } : undefined,
  };
}

/** Who sees an installation: the user is its account, a member of it, or has explicit access to a repository in it. */
function userSeesInstallation(st: State, userId: number, inst: InstRec): boolean {
  if (inst.accountRec.type === 'User' && inst.accountRec.id === userId) return true;
  if (inst.accountRec.type === 'Organization' && st.orgs.get(inst.accountRec.id)?.members?.includes(userId))
    return true;
  return installationRepos(st, inst).some(r => explicitLevel(st, userId, r) !== null);
}

function installationParam(ctx: Ctx, userId: number): InstRec {
  const id = ctx.params.installation_id;
  const inst = /^\d{1,15}$/.test(id) ? ctx.core.state.installations.get(Number(id)) : undefined;
  if (!inst || !userSeesInstallation(ctx.core.state, userId, inst)) throw notFound();
  return inst;
}

function permissionsOf(level: WorldAccessLevel): { admin: boolean; push: boolean; pull: boolean } {
  return { admin: level === 'admin', push: atLeast(level, 'write'), pull: true };
}

// The installation token's repositories. Without a token only public resources can be asked for: the public
// repositories of every installation.
function installationRepositories(ctx: Ctx): HttpReply {
  const st = ctx.core.state;
  let repos: RepoRec[];
  if (ctx.caller.kind === 'anonymous') {
    const seen = new Map<number, RepoRec>();
    for (const inst of st.installations.values())
      for (const r of installationRepos(st, inst)) if (!r.private) seen.set(r.id, r);
    repos = [...seen.values()].sort((a, b) => a.id - b.id);
  } else {
    const token = requireInstallation(ctx.caller);
    repos = installationRepos(st, st.installations.get(token.installation)!);
  }
  return listBody(
    ctx,
    'repositories',
    repos.map(r => renderRepository(r, ctx.origin, { custom_properties: true })),
  );
}

async function revokeToken(ctx: Ctx): Promise<HttpReply> {
  const token = requireInstallation(ctx.caller);
  token.revoked = true;
  await ctx.core.commit({ tokens: [token] });
  return noContent();
}

function userInstallations(ctx: Ctx): HttpReply {
  const token = requireFineGrained(ctx.caller, false);
  const st = ctx.core.state;
  const list = [...st.installations.values()]
    .filter(i => userSeesInstallation(st, token.user, i))
    .sort((a, b) => a.id - b.id)
    .map(i => renderInstallation(i, ctx.origin));
  return listBody(ctx, 'installations', list);
}

function userInstallationRepositories(ctx: Ctx): HttpReply {
  const token = requireFineGrained(ctx.caller, true);
  const st = ctx.core.state;
  const inst = installationParam(ctx, token.user);
  const repos = installationRepos(st, inst).flatMap(r => {
    const level = explicitLevel(st, token.user, r);
    return level ? [renderRepository(r, ctx.origin, { permissions: permissionsOf(level) })] : [];
  });
  return listBody(ctx, 'repositories', repos);
}

/**
 * The checks adding and removing a repository share, in the order of the statuses they give: 404 for what the user
 * cannot see, then 403.
 */
function changeTarget(ctx: Ctx): { st: State; inst: InstRec; repo: RepoRec } {
  const token = requireClassicRepo(ctx.caller);
  const st = ctx.core.state;
  const inst = installationParam(ctx, token.user);
  const rid = ctx.params.repository_id;
  const repo = /^\d{1,15}$/.test(rid) ? st.repos.get(Number(rid)) : undefined;
  if (!repo || !canRead(st, token.user, repo) || repo.ownerAccount.id !== inst.accountRec.id) throw notFound();
  if (explicitLevel(st, token.user, repo) !== 'admin')
    throw forbidden("You need admin access to the repository to change the installation's repositories");
  return { st, inst, repo };
}

async function addRepository(ctx: Ctx): Promise<HttpReply> {
  const { inst, repo } = changeTarget(ctx);
  // With `all`, the repository is covered already; adding it again changes nothing.
  if (inst.repository_selection === 'selected' && !inst.repositories.includes(repo.id)) {
    inst.repositories.push(repo.id);
    await ctx.core.commit({ installations: [inst] });
  }
  return noContent();
}

async function removeRepository(ctx: Ctx): Promise<HttpReply> {
  const { inst, repo } = changeTarget(ctx);
  if (inst.repository_selection === 'all') {
    throw new HttpError(
      422,
      'The installation covers all repositories of the account; a repository cannot be removed from it',
      [
        {
          resource: 'Installation',
          field: 'repository_selection',
          code: 'invalid',
          message: 'repository_selection is all',
        },
      ],
    );
  }
  const at = inst.repositories.indexOf(repo.id);
  if (at < 0) throw notFound();
  if (inst.repositories.length === 1) {
    throw new HttpError(422, 'This is the last repository the app can access in the account; it cannot be removed', [
      {
        resource: 'Installation',
        field: 'repositories',
        code: 'invalid',
        message: 'the last repository cannot be removed',
      },
    ]);
  }
  inst.repositories.splice(at, 1);
  await ctx.core.commit({ installations: [inst] });
  return noContent();
}

export const installationRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/installation/repositories', kind: 'api', handler: installationRepositories },
  { method: 'DELETE', pattern: '/installation/token', kind: 'api', handler: revokeToken },
  { method: 'GET', pattern: '/user/installations', kind: 'api', handler: userInstallations },
  {
    method: 'GET',
    pattern: '/user/installations/{installation_id}/repositories',
    kind: 'api',
    handler: userInstallationRepositories,
  },
  {
    method: 'PUT',
    pattern: '/user/installations/{installation_id}/repositories/{repository_id}',
    kind: 'api',
    handler: addRepository,
  },
  {
    method: 'DELETE',
    pattern: '/user/installations/{installation_id}/repositories/{repository_id}',
    kind: 'api',
    handler: removeRepository,
  },
];
