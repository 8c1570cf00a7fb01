// Beyond the specification: `GET /repos/{owner}/{repo}`, the API family's standard read of one repository by owner
// and name, so that a client can turn a name into the ID that adding and removing a repository take. Same token
// rules as the other reads; 404 for a repository the caller may not see.
import { atLeast, canRead, explicitLevel, installationRepos } from '../access';
import type { Caller } from '../http/auth';
import { notFound, type HttpReply } from '../http/reply';
import type { Ctx, SandboxRoute } from '../http/router';
import { renderRepository } from '../render/repository';
import type { RepoRec, State } from '../state';

/** Whether the caller may see the repository, and as which user (for its `permissions`). */
function sees(st: State, c: Caller, repo: RepoRec): { user?: number } | undefined {
  if (c.kind === 'anonymous') return repo.private ? undefined : {};
  const t = c.token;
  if (t.type === 'installation') {
    const inst = st.installations.get(t.installation);
    const covered = inst !== undefined && installationRepos(st, inst).some(r => r.id === repo.id);
    return covered || !repo.private ? {} : undefined;
  }
  // A classic token reaches private repositories with the `repo` scope; a fine-grained one with any repository
  // permission, which carries Metadata read in this API family.
  const reaches =
    t.type === 'classic' ? (t.scopes ?? []).includes('repo') : Object.keys(t.permissions ?? {}).length > 0;
  if (!repo.private) return { user: t.user };
  return reaches && canRead(st, t.user, repo) ? { user: t.user } : undefined;
}

function getRepository(ctx: Ctx): HttpReply {
  const st = ctx.core.state;
  const repo = st.reposByName.get(`${ctx.params.owner}/${ctx.params.repo}`.toLowerCase());
  const who = repo && sees(st, ctx.caller, repo);
  if (!repo || !who) throw notFound();
  const level = who.user === undefined ? null : explicitLevel(st, who.user, repo);
  const permissions =
    who.user === undefined ? undefined : { admin: level === 'admin', push: atLeast(level, 'write'), pull: true };
  return { status: 200, json: JSON.stringify(renderRepository(repo, ctx.origin, { permissions })) };
}

export const repos: SandboxRoute[] = [
  { method: 'GET', pattern: '/repos/{owner}/{repo}', kind: 'api', handler: getRepository },
];
