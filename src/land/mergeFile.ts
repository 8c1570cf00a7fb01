// A three-way merge of one file's text with the user's git (`git merge-file`), on copies in a temporary folder: the
// working tree is written only by the caller, with the result. Pure Node: no `vscode`.
import { execFile } from 'node:child_process';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';

export interface Merged {
  content: Buffer;
  /** How many conflicts git marked in `content` (0: a clean merge). */
  conflicts: number;
}

let n = 0;

export async function mergeFile(git: string, tmp: string, ours: Buffer, base: Buffer, theirs: Buffer): Promise<Merged> {
  const k = ++n;
  const files = ['yours', 'base', 'task'].map(side => path.join(tmp, `${k}.${side}`));
  await Promise.all([ours, base, theirs].map((b, i) => fsp.writeFile(files[i], b)));
  return new Promise((resolve, reject) => {
    execFile(
      git,
      ['merge-file', '-p', '-L', 'yours', '-L', 'merge base', '-L', 'agent task', ...files],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, windowsHide: true, env: { ...process.env, LC_ALL: 'C' } },
      (err, stdout, stderr) => {
        const code = err ? (err as { code?: unknown }).code : 0;
        // The exit code is the number of conflicts (up to 127); a negative one (255 here) is an error.
        if (typeof code === 'number' && code >= 0 && code < 128) resolve({ content: stdout, conflicts: code });
        else reject(new Error(`git merge-file failed: ${stderr.toString('utf8').trim() || (err as Error).message}`));
      },
    );
  });
}
