// Candidates for "Add Repository…". The service has no list of all the user's repositories; what the user can
// reach is what the repository lists of their installations show (an installation on all repositories shows them
// all) and what they showed earlier in the session, so the candidates are those, minus what the target already
// has. Pure.
import type { Installation, Repository } from '../api';
import { canAdd, sameAccount, type Verdict } from './policy';

export interface ReachableSet {
  /** Where the list comes from, as the picker says it, e.g. "lint-bot on mona". */
  source: string;
  repositories: readonly Repository[];
}

export interface Candidate {
  repository: Repository;
  verdict: Verdict;
  /** Installations whose list showed this repository, for "where the list comes from". */
  seenIn: string[];
}

export function candidatesFor(
  target: Pick<Installation, 'id' | 'repository_selection' | 'app_slug' | 'account'>,
  current: readonly Pick<Repository, 'id'>[],
  reachable: readonly ReachableSet[],
): Candidate[] {
  const inTarget = new Set(current.map(r => r.id));
  const found = new Map<number, Candidate>();
  for (const set of reachable) {
    const where = set.source;
    for (const repo of set.repositories) {
      if (inTarget.has(repo.id) || !sameAccount(target, repo)) continue;
      const seen = found.get(repo.id);
      if (seen) {
        if (!seen.seenIn.includes(where)) seen.seenIn.push(where);
        // Permissions are the user's on the repository, the same in every list; prefer a list that has them.
        if (!seen.repository.permissions && repo.permissions) seen.repository = repo;
        continue;
      }
      found.set(repo.id, { repository: repo, verdict: { allowed: true }, seenIn: [where] });
    }
  }
  const out = [...found.values()];
  for (const c of out) c.verdict = canAdd(target, c.repository, current);
  return out.sort(
    (a, b) =>
      Number(b.verdict.allowed) - Number(a.verdict.allowed) ||
      a.repository.full_name.localeCompare(b.repository.full_name),
  );
}
