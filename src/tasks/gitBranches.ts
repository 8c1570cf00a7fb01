// The remote's branches asked of the user's own git, in the workspace's clone of the repository (remoteBranches.ts):
// what the Node host's start services list and check a base with. Where git cannot run (the browser, src/env) the
// start services have none, and this module is not part of the browser's build.
import type { RepoDetector } from '../model/repoDetector';
import { RemoteBranches } from './remoteBranches';
import { GitRunner } from '../git/gitRunner';
import { usersGit } from '../git/gitPath';
import { localRepoOf } from '../git/localRepo';

export function gitBranches(repos: RepoDetector): RemoteBranches {
  const users = usersGit();
  const git = new GitRunner(() => users.path());
  return new RemoteBranches(git, repo => {
    const local = repos.candidates().map(c => ({ ...c, root: c.git?.rootUri.fsPath }));
    const found = localRepoOf(repo, local);
    return found.ok ? { root: found.root, remote: found.remote } : undefined;
  });
}
