// Where a repository's git config file is, read from its files (the Node host only: the browser has no such files).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * The config file of the repository whose root is `root`: `.git/config`; for a worktree or a submodule, where
 * `.git` is a file naming the git directory, that directory's config, or the config of the repository it shares
 * (`commondir`). Rejects when `root` is not a repository's root.
 */
export async function gitConfigFile(root: string): Promise<string> {
  const dotGit = path.join(root, '.git');
  if ((await fs.stat(dotGit)).isDirectory()) return path.join(dotGit, 'config');
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(await fs.readFile(dotGit, 'utf8'));
  if (!m) throw new Error(`${dotGit} names no git directory`);
  const gitDir = path.resolve(root, m[1]);
  const common = await fs.readFile(path.join(gitDir, 'commondir'), 'utf8').catch(() => undefined);
  return path.join(common ? path.resolve(gitDir, common.trim()) : gitDir, 'config');
}
