// Compare with My Working Tree: the files a task changed, as its branch holds them (its fetched head,
// refs/agent-tasks/<id>/head, or a commit row's commit), against the same files in the user's working copy, in the
// multi-file diff editor. A file on one side only shows as added or deleted. It reads only: the task's side is a blob
// served by changeUris.ts, the other the user's own file, opened as it is; nothing of the repository is written.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GitRunner } from '../git/gitRunner';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { ChangeCommit, ChangedFile, ChangesView } from '../model/changesView';
import { forLabel, plainName } from '../safety/serviceText';
import type { CommandRegistry } from '../shared/registry';
import { taskOf } from '../shared/taskArgs';
import { tell } from '../ui';
import { sideUri } from './changeUris';
import { openMultiDiff, type Resource, type ReviewOpened } from './multiDiff';
import { parseDiff } from './parse';
import { readyChanges } from './readyChanges';
import type { ReviewCommandsDeps } from './review/reviewCommands';
import { filesBetween } from './taskRefs';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

export class CompareWorkingTree extends DisposableBase {
  constructor(
    private readonly deps: () => ReviewCommandsDeps & { git: GitRunner },
    commands: CommandRegistry,
  ) {
    super();
    this.register(commands.register({ [COMMANDS.compareWithWorkingTree]: (arg: unknown) => this.compare(arg) }));
  }

  private get d() {
    return this.deps();
  }

  /** A task's Changes row (its head), or a commit row (the branch as of that commit). */
  private async compare(arg: unknown): Promise<ReviewOpened | undefined> {
    const task = taskOf(arg);
    if (!task) {
      tell(this.d.ui, 'info', vscode.l10n.t('Run this from a task’s Changes row or one of its commits.'));
      return undefined;
    }
    const view = await this.ready(task.id);
    if (!view) return undefined;
    const commit = (arg as { commit?: Partial<ChangeCommit> } | undefined)?.commit;
    let rev = view.headSha;
    let files = view.files;
    if (commit) {
      const c = view.commits.find(x => x.sha === commit.sha);
      if (!c) {
        tell(this.d.ui, 'info', vscode.l10n.t('This commit is no longer on the branch: it moved.'));
        return undefined;
      }
      rev = c.sha;
      files = parseDiff(await filesBetween(this.d.git, view.root, [`${view.baseSha}...${c.sha}`]));
    }
    const resources = await this.pairs(files, view.root, rev);
    if (!resources.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('The task changed no file to compare.'));
      return { files: 0, resources: [] };
    }
    const name = plainName(task.name) || task.id;
    const title = commit
      ? vscode.l10n.t('“{0}” at {1} ↔ your working tree', name, rev.slice(0, 7))
      : vscode.l10n.t('“{0}” ↔ your working tree', name);
    return openMultiDiff(forLabel(title, 200), resources);
  }

  /** The task's changes as its row shows them, read first when they are not yet; else why not, said. */
  private ready(taskId: string): Promise<Ready | undefined> {
    return readyChanges(this.d.changes, this.d.ui, taskId, why => vscode.l10n.t('No changes to compare: {0}', why));
  }

  /**
   * Each changed path: the task's blob on the left (none where the task deleted it), the working copy's file on the
   * right (none where it is not there). A rename also shows its old path, which the task no longer has.
   */
  private async pairs(files: readonly ChangedFile[], root: string, rev: string): Promise<Resource[]> {
    const sides = new Map<string, string | undefined>();
    for (const f of files) {
      sides.set(f.path, f.newBlob);
      if (f.kind === 'renamed' && f.from && !sides.has(f.from)) sides.set(f.from, undefined);
    }
    const out: Resource[] = [];
    for (const [p, blob] of [...sides].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const local = await workingFile(root, p);
      if (!local && !blob) continue;
      const theirs = blob ? sideUri(p, { root, blob, rev }) : undefined;
      out.push([local ?? theirs!, theirs, local]);
    }
    return out;
  }
}

/** The working copy's file at a path of the branch, when it is a file inside the repository's folder. */
async function workingFile(root: string, rel: string): Promise<vscode.Uri | undefined> {
  const abs = path.resolve(root, ...rel.split('/'));
  const inside = path.relative(root, abs);
  if (!inside || inside.split(path.sep)[0] === '..' || path.isAbsolute(inside)) return undefined;
  const uri = vscode.Uri.file(abs);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return stat.type & vscode.FileType.File ? uri : undefined;
  } catch {
    return undefined;
  }
}
