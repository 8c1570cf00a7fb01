// The commits the sandbox writes, as `git fast-import` input: the first commit of a repository (from the world's
// files) and the agent's commit on a session's branch (a note naming the task).
import type { TaskRec } from '../state';

const IDENT = 'Agent Tasks sandbox <sandbox@sandbox.invalid>';
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

export const notePath = (taskId: string): string => `agent-notes/${taskId}.md`;

const data = (text: string): string => `data ${Buffer.byteLength(text, 'utf8')}\n${text}\n`;

function commit(
  branch: string,
  seconds: number,
  message: string,
  from: string | undefined,
  files: Array<[string, string]>,
): string {
  let out =
    `commit refs/heads/${branch}\n` +
    `author ${IDENT} ${seconds} +0000\n` +
    `committer ${IDENT} ${seconds} +0000\n` +
    data(message);
  if (from) out += `from ${from}\n`;
  for (const [p, text] of files) out += `M 100644 inline ${p}\n${data(text)}`;
  return `${out}\n`;
}

export function firstCommit(branch: string, repoName: string, files: Record<string, string> | undefined): string {
  const list = Object.entries(files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (list.length === 0) list.push(['README.md', `# ${repoName}\n`]);
  return commit(branch, FIRST_COMMIT_SECONDS, 'Initial commit', undefined, list);
}

/** The agent's work on `t.head_ref`: one note file naming the task, committed when its first session started. */
export function agentCommit(t: TaskRec, from: string | undefined): string {
  const s = t.sessions[0];
  const note = [
    `# ${t.name}`,
    '',
    `Agent task ${t.id}, session ${s.id}, on branch ${t.head_ref} from ${t.base_ref}.`,
    '',
    '## Prompt',
    '',
    s.prompt,
    '',
  ].join('\n');
  return commit(
    t.head_ref,
    Math.floor(s.createdMs / 1000),
    `${t.name}\n\nAgent task ${t.id}, session ${s.id}.\n`,
    from,
    [[notePath(t.id), note]],
  );
}
