// The changes feature, built in one place: the user's git, the changes model, the read-only documents of both sides of
// a diff. Imported and built on first use by changesOnDemand.ts; its commands are built with the other commands'
// handlers (registerCommands.ts, from commands/handlers.ts).
import * as vscode from 'vscode';
import type { Task } from '../api';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import type { RepoDetector } from '../model/repoDetector';
import type { TaskModel } from '../model/taskModel';
import type { Ui } from '../ui';
import { ChangeContentProvider } from './changeUris';
import type { ChangesCommandsDeps } from './changesCommands';
import { ChangesModel } from './changesModel';
import { GitRunner } from '../git/gitRunner';
import { usersGit } from '../git/gitPath';
import type { LandContextKey, LandDeps } from './land/landDeps';
import type { LinkMemento } from '../model/continuationLinks';
import { nextRound } from '../model/roundNumbers';
import { FeedbackDrafts } from './review/feedbackDrafts';
import type { ReviewCommandsDeps } from './review/reviewCommands';
import { ReviewModel } from './review/reviewModel';
import { ReviewStore } from './review/reviewStore';
import { ReviewThreads } from './review/commentThreads';
import { sameBranchTasks } from './sameBranch';
import { localRepoOf, taskRepo } from './taskBranch';
import { roundsSource } from './rounds/roundsSource';
import { readChanges } from './taskRefs';
import { recordTip } from './rounds/recordTip';
import type { Event } from '../shared/emitter';
import type { AttemptDeps } from './attempts/attemptCommands';

export interface ChangesFeatureDeps {
  model: TaskModel;
  repos: RepoDetector;
  ui: Ui;
  log: Log;
  intervalMs(): number;
  /** The extension's storage folder for this workspace (Undo's copies of files an apply replaced). */
  storage(): string;
  /** Sets a context key of the manifest's `when` clauses (Undo Last Apply, Remove Worktree). */
  setContext?(key: LandContextKey, on: boolean): void;
  /** Workspace state: where the review (comments, viewed ticks) is kept across reloads. */
  state: LinkMemento;
  /** Which task continues which (recorded when a continuation is started here), and the branch tip then. */
  links: {
    list(): readonly { task: string; id: string; name: string; tip?: string }[];
    onDidChange?: Event<string>;
    noteTip?(taskId: string, tip: string): Promise<void>;
  };
  /** The sets of attempts started in this workspace (Compare Attempts). */
  attemptSets?: AttemptDeps['sets'];
}

export interface ChangesCommandDeps {
  review: ChangesCommandsDeps;
  land: LandDeps;
  comments: ReviewCommandsDeps;
  attempts: AttemptDeps;
}

export class ChangesFeature extends DisposableBase {
  readonly git: GitRunner;
  readonly changes: ChangesModel;
  /** Both sides of a diff, for the `agent-tasks-change:` documents (registered by changesOnDemand.ts). */
  readonly documents: ChangeContentProvider;
  /** What the Changes and land commands act on; they are built on first use (see commands/handlers.ts). */
  readonly commandDeps: ChangesCommandDeps;
  /** The review of each task: comments, viewed ticks; its threads in the editor; the feedback drafts. */
  readonly review: ReviewModel;
  readonly threads: ReviewThreads;
  readonly drafts: FeedbackDrafts;

  constructor(d: ChangesFeatureDeps) {
    super();
    const users = usersGit();
    const tasks = (): Task[] => {
      const all = new Map<string, Task>();
      for (const k of d.model.store.listKeys()) for (const t of d.model.store.list(k)) all.set(t.id, t);
      return [...all.values()];
    };
    this.git = new GitRunner(() => users.path());
    const localRepos = () =>
      d.repos.candidates().map(c => ({ owner: c.owner, repo: c.repo, remote: c.remote, root: c.git?.rootUri.fsPath }));
    this.changes = this.register(
      new ChangesModel({
        tasks: {
          task: id => d.model.task(id),
          sessions: id => d.model.store.sessions(id),
          loadDetails: id => d.model.loadDetails(id),
          repoName: task => d.model.repoName(task),
          onDidChangeTasks: d.model.onDidChangeTasks,
        },
        repos: { candidates: localRepos },
        related: id => sameBranchTasks(id, d.links.list(), id2 => d.model.store.sessions(id2)?.sessions, tasks),
        rounds: roundsSource({
          task: id => d.model.task(id),
          sessions: id => d.model.store.sessions(id),
          loadDetails: id => d.model.loadDetails(id),
          tasks,
          links: () => d.links.list(),
        }),
        git: this.git,
        gitMissing: () => users.missing(),
        intervalMs: () => d.intervalMs(),
        log: d.log,
      }),
    );
    // Where the branch is when a continuation starts: the end of the rounds before it.
    if (d.links.onDidChange) this.register(d.links.onDidChange(id => void recordTip(this.changes, d.links, id, d.log)));
    const store = new ReviewStore(d.state);
    this.register(store);
    // A feedback round's prompt starts with the round it will be: the service names the task from that line.
    const roundOf = (id: string) => nextRound({ id, name: d.model.task(id)?.name }, d.model.pictures.round(id));
    this.review = this.register(new ReviewModel(store, this.changes, this.git, roundOf));
    this.threads = this.register(
      new ReviewThreads(this.review, id => void this.changes.get(id), d.log.child('review')),
    );
    this.drafts = new FeedbackDrafts(async id => {
      const f = await this.review.feedback(id);
      return f && { text: f.text, ids: f.ids };
    });
    const roots = () => localRepos().flatMap(r => (r.root ? [r.root] : []));
    this.documents = new ChangeContentProvider(this.git, roots);
    this.changes.setFocused(vscode.window.state.focused);
    this.register(d.repos.onDidChange(() => this.changes.retryProblems()));
    this.register(vscode.window.onDidChangeWindowState(s => this.changes.setFocused(s.focused)));
    const remoteOf = (task: Task) => {
      const found = localRepoOf(taskRepo(task, d.model.repoName(task)), localRepos());
      return found.ok ? found.remote : undefined;
    };
    const land = {
      ...{ changes: this.changes, git: this.git, gitPath: () => users.path(), remoteOf, tasks },
      storage: () => d.storage(),
      setContext: (key: LandContextKey, on: boolean) => d.setContext?.(key, on),
    };
    this.commandDeps = {
      review: {
        changes: this.changes,
        tasks,
        ui: d.ui,
        log: d.log,
        reviewed: (id, head) => store.reviewed(id, head),
        filesUpTo: async (v, head) => (await readChanges(this.git, v.root, { base: v.baseSha, head })).files,
      },
      land: { ...land, task: id => d.model.task(id), ui: d.ui, log: d.log.child('land') },
      comments: {
        changes: this.changes,
        review: this.review,
        threads: this.threads,
        drafts: this.drafts,
        git: this.git,
        task: id => d.model.task(id),
        tasks,
        ui: d.ui,
        log: d.log.child('review'),
      },
      attempts: {
        ...{ changes: this.changes, git: this.git, gitPath: () => users.path(), storage: () => d.storage() },
        task: id => d.model.task(id),
        loadDetails: id => d.model.loadDetails(id),
        sets: d.attemptSets ?? { get: () => undefined, list: () => [], ofTask: () => undefined },
        ui: d.ui,
        log: d.log.child('attempts'),
      },
    };
  }
}
