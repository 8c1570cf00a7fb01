// A three-way merge of one file with the user's git (`git merge-file`), on copies in a folder of ours: the result is
// written into the copy of the user's side, and the working tree is written only by the caller. Pure Node: no
// `vscode`.
import { execFile } from 'node:child_process';
import { noHooks } from '../../git/noHooks';

/**
 * Merges into `ours` (a file of ours) the change from `base` to `theirs`. Resolves with the number of conflicts git
 * marked (0: a clean merge), or 'binary' when git will not merge the files as text.
 */
export function mergeFile(git: string, ours: string, base: string, theirs: string): Promise<number | 'binary'> {
  return new Promise((resolve, reject) => {
    execFile(
      git,
      [...noHooks(), 'merge-file', '-L', 'yours', '-L', 'merge base', '-L', 'agent task', '--', ours, base, theirs],
      { encoding: 'utf8', windowsHide: true, env: { ...process.env, LC_ALL: 'C' } },
      (err, _stdout, stderr) => {
        const code = err ? (err as { code?: unknown }).code : 0;
        // The exit code is the number of conflicts (up to 127); a negative one (255 here) is an error.
        if (typeof code === 'number' && code >= 0 && code < 128) resolve(code);
        else if (/binary/i.test(stderr)) resolve('binary');
        else reject(new Error(`git merge-file failed: ${stderr.trim() || (err as Error).message}`));
      },
    );
  });
}
