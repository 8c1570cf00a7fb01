// The commits the sandbox writes, as `git fast-import` input: the first commit of a repository (from the world's
// files) and the agent's commits on a session's branch. Each agent commit names its task and its place in the
// task's work in the committer's address (`agent+{task}+{n}[+final]@sandbox.invalid`), so the messages stay the
// task's own and a restart can tell which of a task's commits its branch already holds.

const AUTHOR = 'Agent Tasks sandbox <sandbox@sandbox.invalid>';
// Fixed (2026-01-01T00:00:00Z), so the same files give the same first commit on every machine and after every reset:
// a clone made from one run of the sandbox can fetch from the next.
const FIRST_COMMIT_SECONDS = 1767225600;

/**
 * Whether git takes `name` as a branch name (the rules of `git check-ref-format --branch`); checked before git
 * sees it.
 */
export function isBranchName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || name === '@') return false;
  if ([...name].some(ch => ch <= ' ' || ch === '\u007f' || '~^:?*[\\'.includes(ch))) return false;
  if (name.startsWith('-') || name.endsWith('/') || name.endsWith('.')) return false;
  if (name.includes('..') || name.includes('@{')) return false;
  return name.split('/').every(c => c.length > 0 && !c.startsWith('.') && !c.endsWith('.lock'));
}

/** One change of a commit: a file written (added or changed), deleted, or renamed (same content). */
export type FileOp =
  | { op: 'write'; path: string; data: Buffer; mode?: string }
  | { op: 'delete'; path: string }
  | { op: 'rename'; from: string; path: string };

/** Where a commit stands in its task's work: the n-th (from 1), and whether it is the one that ends a session. */
export interface Mark {
  task: string;
  n: number;
  final: boolean;
}

export interface AgentCommit {
  message: string;
  seconds: number;
  mark: Mark;
  ops: FileOp[];
}

const MARK = /^agent\+([A-Za-z0-9_.-]+)\+(\d+)(\+final)?@sandbox\.invalid$/;

export const markAddress = (m: Mark): string => `agent+${m.task}+${m.n}${m.final ? '+final' : ''}@sandbox.invalid`;

/** The mark a committer address carries, if it is one of ours. */
export function readMark(address: string): Mark | undefined {
  const m = MARK.exec(address.trim());
  return m ? { task: m[1], n: Number(m[2]), final: m[3] !== undefined } : undefined;
}

// Paths are always quoted: fast-import then takes spaces (which a rename's source path may not hold unquoted),
// a leading quote and any byte; the world's paths hold no control character or backslash (world-check).
const quote = (p: string): string => `"${p.replace(/[\\"]/g, ch => `\\${ch}`).replace(/\n/g, '\\n')}"`;

const data = (bytes: Buffer): Buffer[] => [Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n')];

function commit(
  branch: string,
  committer: string,
  seconds: number,
  message: string,
  from: string | undefined,
  mark?: number,
) {
  const head =
    `commit refs/heads/${branch}\n` +
    (mark ? `mark :${mark}\n` : '') +
    `author ${AUTHOR} ${seconds} +0000\n` +
    `committer ${committer} ${seconds} +0000\n`;
  return [Buffer.from(head), ...data(Buffer.from(message, 'utf8')), Buffer.from(from ? `from ${from}\n` : '')];
}

/**
 * The changes of a commit in an order that means "applied to the tree before the commit": deletions, then renames,
 * then writes (world-check refuses a commit whose renames read a path the same commit changes).
 */
function changes(ops: FileOp[]): Buffer[] {
  const out: Buffer[] = [];
  for (const o of ops) if (o.op === 'delete') out.push(Buffer.from(`D ${quote(o.path)}\n`));
  for (const o of ops) if (o.op === 'rename') out.push(Buffer.from(`R ${quote(o.from)} ${quote(o.path)}\n`));
  for (const o of ops)
    if (o.op === 'write') out.push(Buffer.from(`M ${o.mode ?? '100644'} inline ${quote(o.path)}\n`), ...data(o.data));
  return out;
}

export function firstCommit(branch: string, repoName: string, files: Record<string, string> | undefined): string {
  const list = Object.entries(files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (list.length === 0) list.push(['README.md', `# ${repoName}\n`]);
  const ops: FileOp[] = list.map(([p, text]) => ({ op: 'write', path: p, data: Buffer.from(text, 'utf8') }));
  const parts = [...commit(branch, AUTHOR, FIRST_COMMIT_SECONDS, 'Initial commit', undefined), ...changes(ops)];
  return `${Buffer.concat(parts).toString('utf8')}\n`;
}

/**
 * The agent's commit on `branch`, on top of `from` (a commit-ish; undefined: the branch as written so far), with
 * fast-import's mark `:mark` so its id can be asked for.
 */
export function agentCommitInput(branch: string, from: string | undefined, c: AgentCommit, mark: number): Buffer {
  const committer = `Agent Tasks sandbox <${markAddress(c.mark)}>`;
  const parts = [...commit(branch, committer, c.seconds, c.message, from, mark), ...changes(c.ops)];
  return Buffer.concat([...parts, Buffer.from('\n')]);
}
