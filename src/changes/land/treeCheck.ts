// The entries of an agent's tree held against the paths a change writes: two entries that one file system takes for
// the same file (`LINK` and `link/…` on Windows and macOS, a tree listing a name twice), and a written path that
// lies inside a symbolic link or a file of the same tree. Checked on the tree's listing, before anything is read from
// it, whatever the file system this runs on. Pure Node: no `vscode`.
import * as l10n from '@vscode/l10n';
import { eachRecord } from './gitStream';
import { MODE_LINK, MODE_TREE, foldKey, parentsOf, pathProblem } from './pathRules';

export interface Problem {
  path: string;
  why: string;
}

export interface TreeEntry {
  mode: string;
  blob: string;
  path: string;
}

const isTree = (mode: string): boolean => mode === MODE_TREE;

/** What one pass over a tree's entries found. `written`: the paths the change writes, each with its mode. */
export class TreeCheck {
  private readonly problems = new Map<string, string>();
  /** Folded written path → the written path. */
  private readonly folded = new Map<string, string>();
  /** Folded folder above a written path → one written path under it. */
  private readonly above = new Map<string, string>();
  /** Per folded written path, the entries of the tree that fold to it (path and whether a folder). */
  private readonly hits = new Map<string, Array<{ path: string; tree: boolean }>>();
  /** The `.gitattributes` files of the tree (they choose the conversions of every other file). */
  readonly attributes: TreeEntry[] = [];

  constructor(private readonly written: ReadonlyMap<string, string>) {
    for (const [p, mode] of written) {
      this.folded.set(foldKey(p), p);
      if (!isTree(mode)) for (const q of parentsOf(p)) this.above.set(foldKey(q), p);
    }
  }

  private refuse(path: string, why: string): void {
    if (!this.problems.has(path)) this.problems.set(path, why);
  }

  see(e: TreeEntry): void {
    if (/(^|\/)\.gitattributes$/.test(e.path) && !isTree(e.mode)) this.attributes.push(e);
    const key = foldKey(e.path);
    const w = this.folded.get(key);
    if (w !== undefined) {
      const list = this.hits.get(key) ?? [];
      list.push({ path: e.path, tree: isTree(e.mode) });
      this.hits.set(key, list);
    }
    // An entry that is no folder, at a folder above a written path: the write would go through it.
    if (!isTree(e.mode)) {
      const under = this.above.get(key);
      if (under !== undefined)
        this.refuse(
          under,
          e.mode === MODE_LINK
            ? l10n.t('it lies inside {0}, which the branch makes a symbolic link', e.path)
            : l10n.t('it lies inside {0}, which the branch makes a file', e.path),
        );
    }
    // A written link or file at a folder above this entry: the same, seen from the other side.
    for (const q of parentsOf(e.path)) {
      const target = this.folded.get(foldKey(q));
      const mode = target !== undefined ? this.written.get(target) : undefined;
      if (target !== undefined && mode !== undefined && !isTree(mode))
        this.refuse(
          target,
          mode === MODE_LINK
            ? l10n.t('the branch makes it a symbolic link and also puts {0} inside it', e.path)
            : l10n.t('the branch makes it a file and also puts {0} inside it', e.path),
        );
    }
  }

  /** What was found, once every entry was seen. */
  result(): Problem[] {
    for (const [key, list] of this.hits) {
      const w = this.folded.get(key)!;
      // Folders of one name merge into one on a case-insensitive file system: only a file among them collides.
      if (list.length < 2 || list.every(x => x.tree)) continue;
      const same = list.filter(x => x.path === w && !x.tree).length > 1;
      const other = list.find(x => x.path !== w)?.path;
      this.refuse(
        w,
        same
          ? l10n.t('the branch’s tree lists it twice')
          : other !== undefined
            ? l10n.t('it is the same file as {0} on a case-insensitive file system', other)
            : l10n.t('the branch’s tree holds it both as a file and as a folder'),
      );
    }
    return [...this.problems].map(([path, why]) => ({ path, why }));
  }
}

/** One line of `ls-tree -z`: `<mode> <type> <id>\t<path>`. */
export function parseTreeRecord(record: string): TreeEntry | undefined {
  const m = /^(\d+) \w+ ([0-9a-f]+)\t([\s\S]+)$/.exec(record);
  return m ? { mode: m[1].padStart(6, '0'), blob: m[2], path: m[3] } : undefined;
}

/**
 * Checks the whole tree of `rev` against `written` (undefined: every entry is written, as a checkout writes them):
 * collisions as above, and every entry against the rules that keep a write inside the repository (`portable`
 * names the paths also held to Windows' own rules).
 */
export async function checkTree(
  run: { git: string; cwd: string },
  rev: string,
  written: ReadonlyMap<string, string> | undefined,
  portable: (path: string) => boolean = () => true,
): Promise<{ problems: Problem[]; attributes: TreeEntry[] }> {
  const args = ['ls-tree', '-r', '-t', '-z', '--full-tree', rev];
  if (written) {
    const check = new TreeCheck(written);
    await eachRecord({ ...run, args }, r => {
      const e = parseTreeRecord(r);
      if (e) check.see(e);
    });
    return { problems: check.result(), attributes: check.attributes };
  }
  const entries: TreeEntry[] = [];
  await eachRecord({ ...run, args }, r => {
    const e = parseTreeRecord(r);
    if (e) entries.push(e);
  });
  const check = new TreeCheck(new Map(entries.map(e => [e.path, e.mode])));
  const problems: Problem[] = [];
  for (const e of entries) {
    check.see(e);
    const why = pathProblem(e.path, e.mode, portable(e.path));
    if (why) problems.push({ path: e.path, why });
  }
  const seen = new Set(problems.map(p => p.path));
  return { problems: [...problems, ...check.result().filter(p => !seen.has(p.path))], attributes: check.attributes };
}
