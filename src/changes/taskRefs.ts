// The agent's branch, fetched into a namespace of our own and read from there: `refs/agent-tasks/<task>/head` and
// `…/base`. Nothing here writes to the user's branches, remote-tracking branches, working tree, index or stash:
// `--refmap=` keeps git from also updating `refs/remotes/…` for the branches named, and every read names our refs.
// Whatever brought the branch's objects here, git's object checks are run on them before they are shown or used
// (objectChecks.ts). Pure Node: no `vscode`.
import { isGitError, type GitRunner } from '../git/gitRunner';
import { LOG_FORMAT, parseDiff, parseLog } from './parse';
import type { ChangeCommit, ChangedFile } from '../model/changesView';
import { gitNetworkProblem } from '../errors/gitNetwork';
import * as l10n from '@vscode/l10n';

export const REF_NAMESPACE = 'refs/agent-tasks';
export const headRefOf = (taskId: string): string => `${REF_NAMESPACE}/${taskId}/head`;
export const baseRefOf = (taskId: string): string => `${REF_NAMESPACE}/${taskId}/base`;

/** At most this many commits are listed (a long-lived branch would otherwise list its whole history). */
export const MAX_COMMITS = 200;

export interface FetchTarget {
  root: string;
  remote: string;
  taskId: string;
  head: string;
  base: string;
}

/** Why a fetch failed, in the user's words, and what to do. */
export interface FetchProblem {
  why: string;
  todo: string;
  /** The branch the remote does not have. */
  missing?: 'head' | 'base';
}

/**
 * What object checks tolerate: oddities of commit and tag headers that real, old histories carry and that never reach
 * a working tree. Every problem of a tree entry (a name git would not check out, a name listed twice, a bad mode) is
 * still refused, and nothing of such a fetch is kept.
 */
export const FSCK_TOLERATED = [
  'zeroPaddedFilemode',
  'badTimezone',
  'missingSpaceBeforeDate',
  'zeroPaddedDate',
  'badDate',
  'missingEmail',
  'missingNameBeforeEmail',
  'badEmail',
  'badName',
  'multipleAuthors',
  'nulInCommit',
  'missingTaggerEntry',
  'badTagName',
];

export function fetchArgs(t: FetchTarget): string[] {
  return [
    // An agent's branch is a stranger's: git checks every object that arrives, as `transfer.fsckObjects` would.
    '-c',
    'fetch.fsckObjects=true',
    ...FSCK_TOLERATED.flatMap(id => ['-c', `fetch.fsck.${id}=ignore`]),
    'fetch',
    '--no-tags',
    '--no-write-fetch-head',
    '--no-recurse-submodules',
    '--refmap=',
    '--quiet',
    '--',
    t.remote,
    `+refs/heads/${t.head}:${headRefOf(t.taskId)}`,
    `+refs/heads/${t.base}:${baseRefOf(t.taskId)}`,
  ];
}

export async function fetchTaskRefs(git: GitRunner, t: FetchTarget): Promise<void> {
  await git.run({ cwd: t.root, args: fetchArgs(t), timeoutMs: 120_000 });
}

/** git's reason, said as what it means for the task. */
export function fetchProblem(err: unknown, t: Pick<FetchTarget, 'head' | 'base' | 'remote'>): FetchProblem {
  const said = isGitError(err) ? err.stderr : err instanceof Error ? err.message : String(err);
  const missing = /couldn't find remote ref refs\/heads\/(.+)$/m.exec(said)?.[1]?.trim();
  if (missing !== undefined && missing === t.head)
    return {
      why: l10n.t('the agent has not pushed yet'),
      todo: l10n.t('The branch {0} is not on {1} yet; it shows here once the agent pushes to it.', t.head, t.remote),
      missing: 'head',
    };
  if (missing !== undefined && missing === t.base)
    return {
      why: l10n.t('{0} has no base branch {1}', t.remote, t.base),
      todo: l10n.t(
        "The task's base branch {0} is not on {1}: the changes cannot be counted against it.",
        t.base,
        t.remote,
      ),
      missing: 'base',
    };
  const fsck = fsckRefusal(said);
  if (fsck)
    return {
      why: fsck,
      todo: l10n.t(
        'The branch {0} holds a tree git would not check out; nothing of it was fetched or written. Ask for the branch to be fixed.',
        t.head,
      ),
    };
  if (isGitError(err) && err.code === 'ENOENT')
    return { why: l10n.t('git could not be run'), todo: l10n.t('Install git, or set git.path to it, then try again.') };
  const network = gitNetworkProblem(said);
  if (network) return { why: l10n.t('the fetch from {0} failed: {1}', t.remote, network.why), todo: network.todo };
  const reason = firstLines(said) || l10n.t('no reason given');
  return {
    why: l10n.t('the fetch from {0} was refused: {1}', t.remote, reason),
    todo: l10n.t('Check the remote and your access, then retry.'),
  };
}

/** git's object checks' refusal in words, when `said` is one. */
export function fsckRefusal(said: string): string | undefined {
  const fsck = /error: object [0-9a-f]+: (\w+): (.+)$/m.exec(said);
  if (!fsck && !/fsck error/.test(said)) return undefined;
  return l10n.t("git's object checks refused the branch ({0})", fsck ? `${fsck[1]}: ${fsck[2].trim()}` : 'fsck');
}

export const firstLines = (s: string): string =>
  s
    .split('\n')
    .map(l => l.replace(/^(fatal|error): /, '').trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ');

/** Where the remote's branch is now (`git ls-remote`, which fetches nothing); undefined when it has no such branch. */
export async function remoteTip(
  git: GitRunner,
  t: Pick<FetchTarget, 'root' | 'remote' | 'head'>,
): Promise<string | undefined> {
  const out = await git.read({
    cwd: t.root,
    args: ['ls-remote', '--', t.remote, `refs/heads/${t.head}`],
    timeoutMs: 60_000,
  });
  const line = out.split('\n').find(l => l.endsWith(`\trefs/heads/${t.head}`));
  const sha = line?.split('\t')[0];
  return sha && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
}

export interface LocalTips {
  head: string;
  base: string;
}

/** The commits our refs point at, or undefined when they are not there (never fetched). */
export async function readTips(git: GitRunner, root: string, taskId: string): Promise<LocalTips | undefined> {
  try {
    const out = await git.read({
      cwd: root,
      args: ['rev-parse', `${headRefOf(taskId)}^{commit}`, `${baseRefOf(taskId)}^{commit}`],
    });
    const [head, base] = out.split('\n').map(s => s.trim());
    return head && base ? { head, base } : undefined;
  } catch {
    return undefined;
  }
}

/** The files changed over `range` (`a b`, or `a...b` from their merge base as a pull request counts), parsed later. */
export function filesBetween(git: GitRunner, root: string, range: readonly string[]): Promise<string> {
  const raw = ['diff', '--raw', '--numstat', '-z', '-M', '--no-abbrev', '--no-ext-diff', '--no-textconv', '--no-color'];
  return git.read({ cwd: root, args: [...raw, ...range, '--'] });
}

/** The files and commits of `base...head` (as a pull request counts them), by commit id. */
export async function readChanges(
  git: GitRunner,
  root: string,
  tips: LocalTips,
): Promise<{ files: ChangedFile[]; commits: ChangeCommit[] }> {
  const diff = filesBetween(git, root, [`${tips.base}...${tips.head}`]);
  const log = git.read({
    cwd: root,
    args: ['log', '-z', LOG_FORMAT, `--max-count=${MAX_COMMITS}`, '--no-color', `${tips.base}..${tips.head}`, '--'],
  });
  return { files: parseDiff(await diff), commits: parseLog(await log) };
}
