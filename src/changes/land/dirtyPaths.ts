// The user's working tree as git sees it: the paths git calls dirty (with the user's own conversions and filters, as
// `git status` applies them). Pure Node: no `vscode`.
import type { GitRunner } from '../../git/gitRunner';

/**
 * The paths git reports as changed in the working tree or the index (staged or not) and the untracked files
 * (ignored ones left out), relative to the root, as git spells them.
 */
export async function dirtyPaths(git: GitRunner, root: string): Promise<Set<string>> {
  const out = await git.run({
    cwd: root,
    // No optional locks: status would otherwise refresh the index's cached file times, a write to the index.
    args: ['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'],
  });
  const paths = new Set<string>();
  for (const entry of out.split('\0')) if (entry.length > 3) paths.add(entry.slice(3));
  return paths;
}
