// The files a set's attempts changed, side by side: one row per path any attempt changed, what each attempt did to it,
// and which attempts reached the same content there (the same blob, or the file deleted alike). Each attempt's list is
// its Changes' (`base...head`, renames found, binaries, counts as a pull request counts them). Pure: no `vscode`, no
// process; `listAttempts` reads the lists through git.
import type { GitRunner } from '../../git/gitRunner';
import type { ChangedFile } from '../../model/changesView';
import { parseDiff } from '../parse';
import { baseRefOf, filesBetween, headRefOf } from '../taskRefs';

/** One attempt's changed files (index: 0-based, as the set numbers it from 1). */
export interface AttemptFiles {
  readonly index: number;
  readonly files: readonly ChangedFile[];
}

/** A path as the attempts changed it. */
export interface FileAcross {
  /** The path on the head side (for a deleted file, the path it had). */
  readonly path: string;
  /** What each attempt that changed the path did to it, by attempt index (ascending). */
  readonly changes: ReadonlyMap<number, ChangedFile>;
  /** Attempts that reached the same content at the path, two or more each, by attempt index (ascending). */
  readonly agree: readonly (readonly number[])[];
}

/** What a file is after an attempt: its blob, or gone. */
const resultOf = (f: ChangedFile): string => f.newBlob ?? (f.kind === 'deleted' ? 'deleted' : `?${f.path}`);

export function compareFiles(attempts: readonly AttemptFiles[]): FileAcross[] {
  const byPath = new Map<string, Map<number, ChangedFile>>();
  for (const a of [...attempts].sort((x, y) => x.index - y.index))
    for (const f of a.files) {
      let m = byPath.get(f.path);
      if (!m) byPath.set(f.path, (m = new Map<number, ChangedFile>()));
      if (!m.has(a.index)) m.set(a.index, f);
    }
  const rows: FileAcross[] = [];
  for (const [path, changes] of byPath) {
    const groups = new Map<string, number[]>();
    for (const [i, f] of changes) {
      const key = resultOf(f);
      const g = groups.get(key);
      if (g) g.push(i);
      else groups.set(key, [i]);
    }
    rows.push({ path, changes, agree: [...groups.values()].filter(g => g.length > 1) });
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The listing from our fetched refs alone, as the Changes list each branch (`base...head`, renames found, counts as a
 * pull request counts them) but without their commits: one `diff --raw --numstat` per attempt, all at once, then set
 * side by side. An attempt whose refs cannot be read (never fetched) is left out: `read` names those listed.
 */
export async function listAttempts(
  git: GitRunner,
  root: string,
  attempts: readonly { index: number; taskId: string }[],
): Promise<{ read: number[]; files: FileAcross[] }> {
  const lists = await Promise.all(
    attempts.map(async a => {
      const range = `${baseRefOf(a.taskId)}...${headRefOf(a.taskId)}`;
      const out = await filesBetween(git, root, [range]).catch(() => undefined);
      return out === undefined ? [] : [{ index: a.index, files: parseDiff(out) }];
    }),
  );
  const read = lists.flat();
  return { read: read.map(x => x.index), files: compareFiles(read) };
}
