// The changes feature, built in one place: the user's git, the changes model, the read-only documents of both sides of
// a diff. Its code is dist/changes.js, built on first use by changesOnDemand.ts; its commands are in dist/commands.js
// (registerCommands.ts).
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
import { GitRunner } from './gitRunner';
import { usersGit } from './gitPath';
import type { LandDeps } from '../land/landDeps';
import { localRepoOf, taskRepo } from './taskBranch';

export interface ChangesFeatureDeps {
  model: TaskModel;
  repos: RepoDetector;
  ui: Ui;
  log: Log;
  intervalMs(): number;
  /** The extension's storage folder for this workspace (Undo's copies of files an apply replaced). */
  storage(): string;
  /** Sets a context key of the manifest's `when` clauses (Undo Last Apply, Remove Worktree). */
  setContext?(key: 'canUndoApply' | 'canRemoveWorktree', on: boolean): void;
}

export interface ChangesCommandDeps {
  review: ChangesCommandsDeps;
  land: LandDeps;
}

export class ChangesFeature extends DisposableBase {
  readonly git: GitRunner;
  readonly changes: ChangesModel;
  /** Both sides of a diff, for the `agent-tasks-change:` documents (registered by changesOnDemand.ts). */
  readonly documents: ChangeContentProvider;
  /** What the Changes and land commands act on; they are built on first use (see commands/bundle.ts). */
  readonly commandDeps: ChangesCommandDeps;

  constructor(d: ChangesFeatureDeps) {
    super();
    const users = usersGit();
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
        git: this.git,
        gitMissing: () => users.missing(),
        intervalMs: () => d.intervalMs(),
        log: d.log,
      }),
    );
    const roots = () => localRepos().flatMap(r => (r.root ? [r.root] : []));
    this.documents = new ChangeContentProvider(this.git, roots);
    this.changes.setFocused(vscode.window.state.focused);
    this.register(vscode.window.onDidChangeWindowState(s => this.changes.setFocused(s.focused)));
    const tasks = (): Task[] => {
      const all = new Map<string, Task>();
      for (const k of d.model.store.listKeys()) for (const t of d.model.store.list(k)) all.set(t.id, t);
      return [...all.values()];
    };
    const remoteOf = (task: Task) => {
      const found = localRepoOf(taskRepo(task, d.model.repoName(task)), localRepos());
      return found.ok ? found.remote : undefined;
    };
    const land = {
      ...{ changes: this.changes, git: this.git, gitPath: () => users.path(), remoteOf, tasks },
      storage: () => d.storage(),
      setContext: (key: 'canUndoApply' | 'canRemoveWorktree', on: boolean) => d.setContext?.(key, on),
    };
    this.commandDeps = {
      review: { changes: this.changes, tasks, ui: d.ui, log: d.log },
      land: { ...land, task: id => d.model.task(id), ui: d.ui, log: d.log.child('land') },
    };
  }
}
