// Who may do what in the sandbox: a user's level on a repository (ownership, the access map, an organization's
// default for its members) and the repositories an installation covers.
import type { InstRec, RepoRec, State } from './state';
import type { WorldAccessLevel } from './world';

/** The user's explicit level on a repository: owner, the access map, or the organization's default for members. */
export function explicitLevel(st: State, userId: number, repo: RepoRec): WorldAccessLevel | null {
  if (repo.ownerAccount.type === 'User') {
    if (repo.ownerAccount.id === userId) return 'admin';
  }
  const direct = repo.access?.[String(userId)] ?? null;
  if (repo.ownerAccount.type === 'Organization') {
    const org = st.orgs.get(repo.ownerAccount.id);
    const dflt = org?.default_permission;
    if (dflt && dflt !== 'none' && org.members?.includes(userId)) return maxLevel(direct, dflt);
  }
  return direct;
}

const RANK: Record<WorldAccessLevel, number> = { read: 1, write: 2, admin: 3 };
function maxLevel(a: WorldAccessLevel | null, b: WorldAccessLevel): WorldAccessLevel {
  return a && RANK[a] >= RANK[b] ? a : b;
}

export function atLeast(l: WorldAccessLevel | null, need: WorldAccessLevel): boolean {
  return l !== null && RANK[l] >= RANK[need];
}

/** Reading tasks: explicit access, or any public repository. */
export function canRead(st: State, userId: number, repo: RepoRec): boolean {
  return !repo.private || explicitLevel(st, userId, repo) !== null;
}

/** Repositories an installation covers, in id order. */
export function installationRepos(st: State, inst: InstRec): RepoRec[] {
  const out: RepoRec[] = [];
  if (inst.repository_selection === 'all') {
    for (const r of st.repos.values()) if (r.ownerAccount.id === inst.accountRec.id) out.push(r);
  } else {
    for (const id of inst.repositories) {
      const r = st.repos.get(id);
      if (r) out.push(r);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}
