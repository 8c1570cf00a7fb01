// The changes feature as the rest of the extension holds it. Nothing of a task's changes is known before someone looks
// at them, so the feature's code (changes.ts and what it imports, a chunk of its own) is imported then: when a task is
// expanded or its page opens, a chat tool or a Changes command asks, or VS Code asks for a diff document or a feedback
// draft. Until then `known` is
// undefined for every task, and so is its review (the comments and viewed ticks kept in workspace state).
import { host } from '#env';
import * as vscode from 'vscode';
import type { Task } from '../api';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
/** What the changes feature reports, to the test surface in test mode. */
export interface ChangesObservers {
  /** The changes feature, once something first looked at a task's changes (its git runner counts processes). */
  changesBuilt?(feature: ChangesFeature): void;
}
import type { ChangesSummaries } from '../model/taskPictures';
import type { ReviewSummary } from '../model/reviewSummary';
import type { ChangesCommandDeps, ChangesFeature, ChangesFeatureDeps } from './changes';
import { CHANGE_SCHEME } from './changeUris';
import { COMMANDS } from '../ids';
import { noGitView, type ChangedFile, type ChangesView } from '../model/changesView';

/** The feedback drafts' documents (review/feedbackDrafts.ts); named here so that nothing of the feature loads. */
const FEEDBACK_SCHEME = 'agent-tasks-feedback';

export class ChangesOnDemand extends DisposableBase implements ChangesSummaries {
  private feature: ChangesFeature | undefined;
  private gitless: ChangesView | undefined;
  private loading: Promise<ChangesFeature> | undefined;
  private readonly changed = this.register(new Emitter<string>());
  /** What is known of a task's changes, or of its review, changed. */
  readonly onDidChange = this.changed.event;
  private readonly draftsChanged = this.register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());

  constructor(
    private readonly deps: ChangesFeatureDeps,
    private readonly observers: ChangesObservers = {},
  ) {
    super();
    this.register(
      vscode.workspace.registerTextDocumentContentProvider(CHANGE_SCHEME, {
        provideTextDocumentContent: async uri => (await this.ready()).documents.provideTextDocumentContent(uri),
      }),
    );
    // A draft restored with the window asks for its text before anything else of the review is built.
    const drafts = async () => (await this.ready()).drafts;
    this.register(
      vscode.workspace.registerFileSystemProvider(FEEDBACK_SCHEME, {
        onDidChangeFile: this.draftsChanged.event,
        watch: () => new vscode.Disposable(() => undefined),
        stat: async uri => (await drafts()).stat(uri),
        readDirectory: async () => (await drafts()).readDirectory(),
        createDirectory: async () => (await drafts()).createDirectory(),
        readFile: async uri => (await drafts()).readFile(uri),
        writeFile: async (uri, content) => (await drafts()).writeFile(uri, content),
        delete: async uri => (await drafts()).delete(uri),
        rename: async () => (await drafts()).rename(),
      }),
    );
    // Where git cannot run (the browser, src/env) the feature is never built: every task's changes are one line saying
    // where to see them, and the commands that need them say so (gitlessCommands.ts).
    if (!host.hasGit) return;
    // An apply the window before cut off is asked about now (journal.ts reads a folder, no more); the Undo records
    // it left make Undo Last Apply available. Loaded once activation is over: nothing of it is on the first tree's way.
    void import('./land/journal')
      .then(j => j.pending(deps.storage()))
      .then(p => {
        if (p.undo) deps.setContext?.('canUndoApply', true);
        deps.setContext?.('applyCutOff', p.interrupted > 0);
        if (p.interrupted) void vscode.commands.executeCommand(COMMANDS.recoverApply);
      })
      .catch(() => undefined); // no storage folder yet: nothing was cut off
  }

  /** Where Undo's copies and the applies' journals are kept (the extension's storage for this workspace). */
  storage(): string {
    return this.deps.storage();
  }

  /** What is known of a task's changes, without starting anything. */
  known(taskId: string): ChangesView | undefined {
    if (!host.hasGit) return (this.gitless ??= noGitView());
    return this.feature?.changes.known(taskId);
  }

  /** The task's review (viewed ticks, comments waiting), once the feature is built. */
  review(taskId: string): ReviewSummary | undefined {
    return this.feature?.review.summary(taskId);
  }

  /** A changed file's row was ticked as viewed, or unticked. */
  async setViewed(taskId: string, file: ChangedFile, on: boolean): Promise<void> {
    return (await this.ready()).review.setViewed(taskId, file, on);
  }

  /** Someone looks at the task (an expanded node, an open page) or stopped looking. */
  watch(taskId: string, who: string, on: boolean): void {
    // Before the feature is built, calls wait in order for it; a look that ended before any began starts nothing.
    if (!host.hasGit) return;
    if (this.feature) this.feature.changes.watch(taskId, who, on);
    else if (on || this.loading) void this.ready().then(f => f.changes.watch(taskId, who, on));
  }

  /** The views' Refresh: the changes of every task looked at are read again (nothing when none was ever read). */
  async refreshWatched(): Promise<void> {
    await this.feature?.changes.refreshWatched();
  }

  /** Reads the task's changes now, and waits (see ChangesModel.load). */
  async load(taskId: string, force = false, given?: Task): Promise<void> {
    if (!host.hasGit) return; // nothing to read: `known` says where the changes are
    return (await this.ready()).changes.load(taskId, force, given);
  }

  /** The prompt of a task's unsent review comments (the chat's start tool sends them too), and marking them sent. */
  readonly feedback = {
    compose: async (taskId: string) => {
      const f = await this.ready();
      if (f.changes.get(taskId).kind === 'loading') await f.changes.load(taskId);
      const fb = await f.review.feedback(taskId);
      // Which files the comments are on, for the chat's confirmation.
      const files = fb && [...new Set(fb.ids.flatMap(id => f.review.store.comment(taskId, id)?.path ?? []))].sort();
      return fb && { text: fb.text, ids: fb.ids, moved: fb.moved, files };
    },
    markSent: async (taskId: string, ids: readonly string[], to: { taskId: string; name: string }) => {
      await (await this.ready()).review.store.markSent(taskId, ids, to);
    },
  };

  /** What the Changes and land commands act on; they run once `ready()` resolved. */
  commandDeps(): ChangesCommandDeps {
    if (!this.feature) throw new Error('the changes feature is not built yet');
    return this.feature.commandDeps;
  }

  /** The feature, imported and built on the first call. */
  ready(): Promise<ChangesFeature> {
    if (!host.hasGit) return Promise.reject(new Error(capitalised(noGitView().why) + '.'));
    this.loading ??= import('./changes').then(m => this.adopt(new m.ChangesFeature(this.deps)));
    return this.loading;
  }

  private adopt(feature: ChangesFeature): ChangesFeature {
    this.register(feature);
    // The review hears every change of the changes it is placed on: one event for both.
    this.register(feature.review.onDidChange(id => this.changed.fire(id)));
    this.register(feature.drafts.onDidChangeFile(e => this.draftsChanged.fire(e)));
    this.feature = feature;
    this.observers.changesBuilt?.(feature);
    return feature;
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
