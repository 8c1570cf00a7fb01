// A task's commits opened as changes: a commit against its parent (a click on its row), the branch as of a commit
// against the base ("Compare with Base"), and what changed on the branch since the head the user last reviewed. Each
// opens the multi-file diff editor; the head side of the last takes review comments, as Review Changes does.
import * as vscode from 'vscode';
import type { Task } from '../api';
import type { CommandRegistry } from '../shared/registry';
import { taskOf } from '../shared/taskArgs';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { ReviewCommandsDeps } from './review/reviewCommands';
import { forLabel, forMessage, plainName } from '../safety/serviceText';
import { tell } from '../ui';
import type { GitRunner } from '../git/gitRunner';
import { openMultiDiff, resourcesOf, type ReviewOpened } from './multiDiff';
import { parseDiff } from './parse';
import { readyChanges } from './readyChanges';
import { filesBetween } from './taskRefs';
import type { ChangeCommit, ChangedFile, ChangesView } from '../model/changesView';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** git's empty tree, the parent side of a commit that has none (SHA-1 and SHA-256 repositories). */
const EMPTY_TREE = (sha: string) =>
  sha.length === 64
    ? '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321'
    : '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const nameOf = (t: Task): string => plainName(t.name) || t.id;

/** The files changed between two commits; `mergeBase`: from their merge base, as a pull request counts. */
async function filesOf(git: GitRunner, root: string, from: string, to: string, mergeBase = false) {
  const range = mergeBase ? [`${from}...${to}`] : [from, to];
  const out = await filesBetween(git, root, range);
  return parseDiff(out);
}

export class CommitCommands extends DisposableBase {
  constructor(
    private readonly deps: () => ReviewCommandsDeps & { git: GitRunner },
    commands: CommandRegistry,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.openCommit]: (task: unknown, sha: unknown) => this.openCommit(task, sha),
        [COMMANDS.compareCommitWithBase]: (arg: unknown) => this.withBase(arg),
        [COMMANDS.reviewSinceLastReview]: (arg: unknown) => this.sinceReview(arg),
      }),
    );
  }

  private get d() {
    return this.deps();
  }

  /** The task's changes as its row shows them, read first when they are not yet; else why not, said. */
  private ready(taskId: string): Promise<Ready | undefined> {
    return readyChanges(this.d.changes, this.d.ui, taskId, why => vscode.l10n.t('No changes to show: {0}', why));
  }

  private commitOf(view: Ready, sha: unknown): ChangeCommit | undefined {
    const c = typeof sha === 'string' ? view.commits.find(x => x.sha === sha) : undefined;
    if (!c) tell(this.d.ui, 'info', vscode.l10n.t('This commit is no longer on the branch: it moved.'));
    return c;
  }

  private async open(
    title: string,
    files: ChangedFile[],
    view: Ready,
    from: string,
    to: string,
    of: { task: string; commit?: boolean },
  ) {
    if (!files.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('No file changed between {0} and {1}.', from.slice(0, 7), to.slice(0, 7)));
      return { files: 0, resources: [] };
    }
    return openMultiDiff(forLabel(title, 200), resourcesOf(files, view.root, from, to, of));
  }

  /** A commit's own changes: against its first parent (none for a first commit). */
  private async openCommit(taskId: unknown, sha: unknown): Promise<ReviewOpened | undefined> {
    if (typeof taskId !== 'string') return undefined;
    const view = await this.ready(taskId);
    const c = view && this.commitOf(view, sha);
    if (!view || !c) return undefined;
    const parent = await this.d.git
      .read({ cwd: view.root, args: ['rev-parse', '--verify', '--quiet', `${c.sha}^1^{commit}`] })
      .then(
        out => out.trim(),
        () => EMPTY_TREE(c.sha),
      );
    const files = await filesOf(this.d.git, view.root, parent, c.sha);
    const title = vscode.l10n.t('Commit {0}: {1}', c.sha.slice(0, 7), c.subject);
    return this.open(title, files, view, parent, c.sha, { task: taskId, commit: true });
  }

  /** The branch as of a commit, against the base (from their merge base): a commit row's Compare with Base. */
  private async withBase(arg: unknown): Promise<ReviewOpened | undefined> {
    const a = arg as { task?: Task; commit?: ChangeCommit } | undefined;
    const task = taskOf(arg);
    if (!task || !a?.commit) return undefined;
    const view = await this.ready(task.id);
    const c = view && this.commitOf(view, a.commit.sha);
    if (!view || !c) return undefined;
    const files = await filesOf(this.d.git, view.root, view.baseSha, c.sha, true);
    const title = vscode.l10n.t('“{0}” at {1} ↔ {2}', nameOf(task), c.sha.slice(0, 7), view.base);
    return this.open(title, files, view, view.baseSha, c.sha, { task: task.id, commit: true });
  }

  /** What changed on the branch since the last head the user reviewed (Review Changes, or feedback sent). */
  private async sinceReview(arg: unknown): Promise<ReviewOpened | undefined> {
    const task = taskOf(arg);
    if (!task) {
      tell(this.d.ui, 'info', vscode.l10n.t('Run this from a task’s Changes or Commits row.'));
      return undefined;
    }
    const view = await this.ready(task.id);
    if (!view) return undefined;
    const reviewed = this.d.review.store.of(task.id).reviewed;
    const last = [...reviewed].reverse().find(h => h !== view.headSha);
    if (!last) {
      tell(
        this.d.ui,
        'info',
        reviewed.includes(view.headSha)
          ? vscode.l10n.t(
              'Nothing is new since you reviewed “{0}” at {1}.',
              forMessage(nameOf(task), 80),
              view.headSha.slice(0, 7),
            )
          : vscode.l10n.t(
              'You have not reviewed “{0}” before: Review Changes shows all of it.',
              forMessage(nameOf(task), 80),
            ),
      );
      return undefined;
    }
    const there = await this.d.git.read({ cwd: view.root, args: ['cat-file', '-e', `${last}^{commit}`] }).then(
      () => true,
      () => false,
    );
    if (!there) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t(
          'The head you last reviewed ({0}) is no longer in this clone: the branch was rewritten.',
          last.slice(0, 7),
        ),
      );
      return undefined;
    }
    const files = await filesOf(this.d.git, view.root, last, view.headSha);
    const title = vscode.l10n.t('“{0}” since your review at {1}', nameOf(task), last.slice(0, 7));
    const opened = await this.open(title, files, view, last, view.headSha, { task: task.id });
    await this.d.review.store.reviewed(task.id, view.headSha);
    return opened;
  }
}
