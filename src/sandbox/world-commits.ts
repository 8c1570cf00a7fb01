// Checks the commits a world task spells out (`tasks[i].commits`), naming the commit and the path at fault. Where
// the task's branch starts from the default branch, the world's own files say what exists, so a rename or deletion
// of a file that is not there at that point, or a file where a folder is, is refused before git sees it.
import { WorldError } from './world';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A path in a repository: relative, no empty, `.`, `..` or `.git` segment, no control character, not quoted. */
export const isFilePath = (p: string): boolean =>
  p.length > 0 &&
  p.length <= 255 &&
  !p.startsWith('"') &&
  ![...p].some(ch => ch < ' ' || ch === '\u007f' || ch === '\\') &&
  p.split('/').every(s => s !== '' && s !== '.' && s !== '..' && s.toLowerCase() !== '.git');

export const PATH_RULE = 'must be a relative path without empty, ".", ".." or ".git" segments or control characters';

/**
 * Checks `commits` of the task at `where`. `files`: the files its branch starts from when known (the repository's
 * first commit), else undefined.
 */
export function checkCommits(where: string, commits: unknown, files: ReadonlySet<string> | undefined): void {
  const fail: (msg: string) => never = msg => {
    throw new WorldError(`${where}: ${msg}`);
  };
  if (!Array.isArray(commits))
    fail('"commits" must be an array of {"message": "…", "files": {"path": "text" | null | {…}}}');
  const tree = files ? new Set(files) : undefined;
  // Paths a spelled commit removed, so a later one cannot rename or delete them even where the start is unknown.
  const gone = new Set<string>();
  (commits as unknown[]).forEach((c, i) => {
    const at = `commits[${i}]`;
    if (!isObj(c)) fail(`${at} must be an object with "message" and "files"`);
    if (typeof c.message !== 'string' || c.message.trim().length === 0)
      fail(`${at}: "message" must be a non-empty string`);
    if (!isObj(c.files)) fail(`${at}: "files" must map paths to their change`);
    const files = c.files;
    const keys = new Set(Object.keys(files));
    const froms = new Set<string>();
    const removed = new Set<string>();
    for (const [p, v] of Object.entries(files)) {
      const here = `${at} files[${JSON.stringify(p)}]`;
      if (!isFilePath(p)) fail(`${here}: the path ${PATH_RULE}`);
      if (v === null || typeof v === 'string') {
        if (v === null) removed.add(p);
        continue;
      }
      if (!isObj(v))
        return fail(
          `${here} must be the new text, null (deleted), {"base64": "…"} or {"from": "old path", "text"?: "…"}`,
        );
      const extra = Object.keys(v).filter(k => k !== 'base64' && k !== 'from' && k !== 'text');
      if (extra.length > 0) fail(`${here}: unknown key ${JSON.stringify(extra[0])}`);
      if ('base64' in v) {
        if ('from' in v || 'text' in v) fail(`${here}: "base64" goes alone`);
        if (typeof v.base64 !== 'string' || !BASE64.test(v.base64))
          fail(`${here}: "base64" must be standard base64 (A-Z a-z 0-9 + /, padded with =)`);
        continue;
      }
      if (typeof v.from !== 'string' || !isFilePath(v.from)) fail(`${here}: "from" ${PATH_RULE}`);
      const from = v.from;
      if (v.text !== undefined && typeof v.text !== 'string') fail(`${here}: "text" must be a string`);
      if (from === p) fail(`${here}: is renamed from itself`);
      if (keys.has(from)) fail(`${here}: renamed from ${JSON.stringify(from)}, which this commit changes too`);
      if (froms.has(from)) fail(`${here}: ${JSON.stringify(from)} is renamed twice in this commit`);
      froms.add(from);
      removed.add(from);
      if (gone.has(from) || (tree && !tree.has(from)))
        fail(`${here}: renamed from ${JSON.stringify(from)}, which does not exist at that point`);
    }
    for (const p of keys) {
      if (files[p] !== null) continue;
      if (gone.has(p) || (tree && !tree.has(p)))
        fail(`${at} files[${JSON.stringify(p)}]: deletes a file that does not exist at that point`);
    }
    if (tree) applyChecked(tree, files, removed, at, fail);
    for (const p of removed) gone.add(p);
    for (const p of keys) if (files[p] !== null) gone.delete(p);
  });
}

/** Applies a commit to the known files, refusing a file where a folder is (or the other way round). */
function applyChecked(tree: Set<string>, files: Obj, removed: Set<string>, at: string, fail: (m: string) => never) {
  for (const p of removed) tree.delete(p);
  for (const [p, v] of Object.entries(files)) {
    if (v === null) continue;
    const here = `${at} files[${JSON.stringify(p)}]`;
    if (isObj(v) && 'from' in v && tree.has(p)) fail(`${here}: renamed onto a file that exists`);
    for (const q of tree) {
      if (q.startsWith(`${p}/`)) fail(`${here}: is a folder at that point (it holds ${JSON.stringify(q)})`);
      if (p.startsWith(`${q}/`)) fail(`${here}: ${JSON.stringify(q)} is a file at that point, not a folder`);
    }
    tree.add(p);
  }
}
