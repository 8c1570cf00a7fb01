// Reading git's machine output: `git diff --raw --numstat -z` and `git log -z`. Pure: no `vscode`, no process.
// With -z git writes paths as they are (no quoting), each ended by NUL, so spaces, tabs, newlines and non-ASCII
// names come through whole; they are read by position, never by pattern.
import type { ChangeCommit, ChangedFile, ChangeKind } from '../model/changesView';

const KINDS: Record<string, ChangeKind> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'modified',
};

const ZERO = /^0+$/;

interface Raw {
  status: string;
  oldBlob: string;
  newBlob: string;
  path: string;
  from?: string;
}

/**
 * The files of `git diff --raw --numstat -z -M A...B`: first one raw entry per file
 * (`:mode mode sha sha STATUS\0path\0`, or `…R086\0old\0new\0`), then one numstat entry per file in the same order
 * (`added\tremoved\tpath\0`, or `added\tremoved\t\0old\0new\0`; `-\t-` for a binary file).
 */
export function parseDiff(out: string): ChangedFile[] {
  const tokens = out.split('\0');
  const raws: Raw[] = [];
  const counts: Array<{ added?: number; removed?: number; binary: boolean }> = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i++];
    if (t === '') continue;
    if (t.startsWith(':')) {
      const head = t.slice(1).split(' ');
      const status = head[4] ?? '';
      const two = status.startsWith('R') || status.startsWith('C');
      const first = tokens[i++] ?? '';
      const second = two ? (tokens[i++] ?? '') : undefined;
      raws.push({
        status,
        oldBlob: head[2] ?? '',
        newBlob: head[3] ?? '',
        path: second ?? first,
        ...(second !== undefined ? { from: first } : {}),
      });
      continue;
    }
    const tab1 = t.indexOf('\t');
    const tab2 = t.indexOf('\t', tab1 + 1);
    if (tab1 < 0 || tab2 < 0) continue;
    const a = t.slice(0, tab1);
    const r = t.slice(tab1 + 1, tab2);
    // A rename's numstat names its paths in the next two tokens.
    if (t.slice(tab2 + 1) === '') i += 2;
    const binary = a === '-' && r === '-';
    counts.push(binary ? { binary } : { added: Number(a) || 0, removed: Number(r) || 0, binary });
  }
  return raws.map((raw, n) => {
    const kind = KINDS[raw.status.charAt(0)] ?? 'modified';
    const c = counts[n] ?? { binary: false };
    return {
      path: raw.path,
      ...(raw.from !== undefined ? { from: raw.from } : {}),
      kind,
      ...c,
      ...(raw.oldBlob && !ZERO.test(raw.oldBlob) ? { oldBlob: raw.oldBlob } : {}),
      ...(raw.newBlob && !ZERO.test(raw.newBlob) ? { newBlob: raw.newBlob } : {}),
    };
  });
}

/** The format `parseLog` reads: sha, commit time (seconds), message; fields and commits ended by NUL. */
export const LOG_FORMAT = '--format=%H%x00%ct%x00%B';

/** A message longer than this is cut: a tooltip has no room for more. */
const MAX_MESSAGE = 4000;

export function parseLog(out: string): ChangeCommit[] {
  const tokens = out.split('\0');
  const commits: ChangeCommit[] = [];
  for (let i = 0; i + 2 < tokens.length; i += 3) {
    // `git log -z` ends each commit with NUL: three tokens per commit.
    const sha = tokens[i];
    if (!/^[0-9a-f]{40,64}$/.test(sha)) break;
    const message = tokens[i + 2].trim().slice(0, MAX_MESSAGE);
    commits.push({ sha, time: Number(tokens[i + 1]) * 1000, subject: message.split('\n')[0].trim(), message });
  }
  return commits;
}
