// A set of attempts as plain text for a language model: each attempt's state and changes, and which files the
// attempts agree on (the same content, by git's blob id, or deleted alike). Pure: no `vscode`; every field from the
// service, git or a prompt goes through forChat.
import type { AttemptSet } from '../model/attemptSets';
import type { ChangesView } from '../model/changesView';
import { changesLine } from '../changes/summary';
import { forChat } from '../safety/serviceText';
import { DATA_NOTE, plain, quote } from './taskText';

/** What was read of one attempt. */
export interface AttemptRead {
  /** Its state, when its task was read. */
  state?: string;
  /** The service no longer has its task (404). */
  gone?: boolean;
  /** Why its task could not be read otherwise. */
  failure?: string;
  changes?: ChangesView;
}

/** A file that two attempts or more changed, and whether they reached the same content. */
export interface SharedFile {
  path: string;
  /** 0-based indexes of the attempts that changed it. */
  attempts: number[];
  /** Every attempt that changed it left the same content (the same blob, or the file deleted). */
  same: boolean;
}

/** The files changed by several attempts, among those whose changes are known, in path order. */
export function sharedFiles(changes: readonly (ChangesView | undefined)[]): SharedFile[] {
  const byPath = new Map<string, { index: number; blob: string }[]>();
  changes.forEach((view, index) => {
    if (view?.kind !== 'ready') return;
    for (const f of view.files) {
      const list = byPath.get(f.path) ?? [];
      list.push({ index, blob: f.kind === 'deleted' ? 'deleted' : (f.newBlob ?? `unknown:${index}`) });
      byPath.set(f.path, list);
    }
  });
  return [...byPath.entries()]
    .filter(([, l]) => l.length > 1)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, l]) => ({ path, attempts: l.map(x => x.index), same: l.every(x => x.blob === l[0].blob) }));
}

const SHOWN = 20;

/** The set: what it is, one line per attempt, then the files they share and whether they agree on them. */
export function setDetails(set: AttemptSet, reads: readonly AttemptRead[]): string {
  const lines = [
    DATA_NOTE,
    `Set of ${set.attempts.length} attempts ${quote(set.name, 300)} (set id ${plain(set.id)}), started in this ` +
      `workspace on ${plain(set.start.repo)} from ${plain(set.start.base_ref)}; the service does not record ` +
      'sets, each attempt is an ordinary task on its own branch.',
    `- prompt: ${quote(set.start.prompt, 600)}`,
    ...(set.aside ? ['- the whole set is set aside (hidden from the views in this workspace)'] : []),
    'Attempts:',
  ];
  set.attempts.forEach((a, i) => {
    const r = reads[i] ?? {};
    const model = `model ${a.model ? plain(a.model, 60) : 'chosen by the service'}`;
    const head = `  ${i + 1}. ${model}`;
    if (a.taskId === undefined) {
      lines.push(`${head}: did not start${a.failure ? ` (${forChat(a.failure, 200)})` : ''}`);
      return;
    }
    const aside = a.aside ? ', set aside' : '';
    if (r.gone) return void lines.push(`${head}, task id ${plain(a.taskId)}: the service no longer has this task`);
    if (r.failure !== undefined)
      return void lines.push(`${head}, task id ${plain(a.taskId)}: could not be read (${forChat(r.failure, 200)})`);
    const changes = changesLine(r.changes) ?? 'changes: not known yet';
    lines.push(`${head}, task id ${plain(a.taskId)}, state ${plain(r.state, 40)}${aside}; ${changes}`);
  });
  const known = reads.filter(r => r.changes?.kind === 'ready').length;
  const shared = sharedFiles(reads.map(r => r.changes));
  if (known < 2) {
    lines.push('Which files the attempts agree on cannot be told yet: fewer than two attempts have known changes.');
    return [...lines, COMPARE_LINE].join('\n');
  }
  const n = (xs: number[]) => xs.map(x => x + 1).join(', ');
  const same = shared.filter(f => f.same);
  const differ = shared.filter(f => !f.same);
  const list = (fs: SharedFile[]) =>
    fs
      .slice(0, SHOWN)
      .map(f => `${forChat(f.path, 120)} (attempts ${n(f.attempts)})`)
      .join(', ') + (fs.length > SHOWN ? ', …' : '');
  lines.push(
    same.length
      ? `Files where attempts reached the same content (${same.length}): ${list(same)}`
      : 'No file has the same content in two attempts.',
  );
  if (differ.length) lines.push(`Files several attempts changed differently (${differ.length}): ${list(differ)}`);
  if (known < set.attempts.length) lines.push(`(Compared among the ${known} attempts whose changes are known.)`);
  return [...lines, COMPARE_LINE].join('\n');
}

/** Chat cannot show the comparison itself: where the user opens it. */
const COMPARE_LINE =
  'To compare the attempts file by file and keep the best of each, the user runs Compare Attempts ' +
  "(command agentTasks.compareAttempts): on the set's row in the Repository or My Tasks view, on an attempt's task " +
  'page, or from the Command Palette.';

/** The line under one attempt's details: where it sits, and how to read the whole set. */
export function attemptLine(set: AttemptSet, index: number): string {
  return (
    `- attempt ${index + 1} of ${set.attempts.length} of the set ${quote(set.name, 200)} started in this workspace ` +
    `(set id ${plain(set.id)}: Get Agent Task with it gives every attempt and the files they agree on)`
  );
}
