import { host } from '#env';
import * as vscode from 'vscode';
import type { Task } from '../api';
import { DisposableBase, toDisposable } from '../lifecycle';
import type { Log } from '../log';
import { statusOf } from '../errors/failure';
import { explain } from '../errors/userErrors';
import { Emitter } from '../shared/emitter';
import { taskWithSessions, type TaskPicture } from '../model/taskPicture';
import { roundText } from '../model/roundNumbers';
import { isActive, stateLabel } from '../shared/taskState';
import { plainName } from '../safety/serviceText';
import { asText, plainLine } from '../shared/text';
import { GIT_COMMANDS, GIT_ONLY_OFFERS } from '../changes/gitCommandIds';
import { actionOfMessage, fileOfMessage, PAGE_ACTIONS, type PageAction } from './pageActions';
import { MAX_FILES } from '../changes/changesSection';
import { COMMANDS } from '../ids';
import { renderTaskPage } from './pageHtml';
import { attemptAsk, pageAttempt, type PageAttempt } from './attemptSection';
import type { TaskPageSource } from './source';

export const TASK_PAGE_VIEW_TYPE = 'agentTasks.taskPage';

export interface TaskPageDeps {
  source: TaskPageSource;
  /** media/ of the extension: the only place the webview may load from. */
  mediaRoot: vscode.Uri;
  log: Log;
  /** The poller's pace while tasks run. */
  activeIntervalMs(): number;
  /** Someone looks at a task's changes (an open page) or stopped: they are read and kept fresh meanwhile. */
  watchChanges?: (taskId: string, who: string, on: boolean) => void;
  /** What the page shows of the world as it draws (test mode records it; production passes nothing). */
  rendered?: (taskId: string, html: string) => void;
}

/** How often a page of a finished task redraws, so "3 min ago" stays true; no request is made for it. */
const CLOCK_MS = 30_000;

/** Why a page's buttons are off once its task cannot be read any more. */
const GONE = vscode.l10n.t('This task is no longer on the service, or your token cannot see it.');
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * One task's page: a webview panel that shows the task and, while it is visible and the task is queued or running,
 * reads it again at the poller's pace. Everything it starts ends with the panel.
 */
export class TaskPagePanel extends DisposableBase {
  readonly taskId: string;
  private task: Task;
  private readonly panel: vscode.WebviewPanel;
  private readonly closed = new Emitter<void>();
  readonly onDidDispose = this.closed.event;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;
  private refreshing: Promise<void> | undefined;
  /** `updated_at` of the task when it was last read with its sessions. */
  private readVersion: string | undefined;
  /** Why the last read failed: the error itself, explained when the page draws. */
  private failure: unknown;
  /** The picture the page draws from: the task with its sessions, names, links and changes. */
  private picture: TaskPicture | undefined;
  private failures = 0;
  private gone = false;
  private shownAttempt: PageAttempt | undefined;
  private renderedKey = '';
  /** The changed files the page lists, in order: a file's button sends its place here. */
  private listedFiles: readonly string[] = [];

  constructor(
    task: Task,
    private readonly deps: TaskPageDeps,
  ) {
    super();
    this.taskId = task.id;
    this.picture = deps.source.picture(task.id);
    this.task = this.picture ? taskWithSessions(this.picture) : task;
    this.panel = vscode.window.createWebviewPanel(
      TASK_PAGE_VIEW_TYPE,
      this.title(),
      { viewColumn: vscode.ViewColumn.Active },
      {
        enableScripts: true,
        enableCommandUris: false,
        enableForms: false,
        enableFindWidget: true,
        localResourceRoots: [deps.mediaRoot],
      },
    );
    this.panel.iconPath = vscode.Uri.joinPath(deps.mediaRoot, 'agent-tasks.svg');
    // Released newest first: the timer and the read under way, the listeners, then the panel itself.
    this.register(this.panel);
    this.register(deps.source.onDidChange(c => c.changed.includes(this.taskId) && this.sourceChanged()));
    this.register(
      deps.source.onDidChangePictures(ids => (!ids || ids.includes(this.taskId)) && this.picturesChanged()),
    );
    this.register(this.panel.webview.onDidReceiveMessage(m => this.received(m)));
    this.register(this.panel.onDidChangeViewState(() => this.visibilityChanged()));
    this.register(this.panel.onDidDispose(() => this.dispose()));
    const watch = deps.watchChanges;
    if (watch) {
      watch(this.taskId, 'page', true);
      this.register(toDisposable(() => watch(this.taskId, 'page', false)));
    }
    this.register(
      toDisposable(() => {
        this.clearTimer();
        this.controller?.abort();
      }),
    );
  }

  /** Draws the page and reads the task; after the caller has subscribed to what the page tells. */
  start(): void {
    this.render();
    void this.refresh();
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  private title(): string {
    const name = plainLine(plainName(asText(this.task.name)) || `Task ${this.taskId}`, 40);
    // Rounds of one work may read alike, and the tab's title is short: the round's number goes after the name.
    const round = this.picture?.round;
    return round ? `${name} · ${roundText(round)}` : name;
  }

  private errorText(): string | undefined {
    if (this.failure === undefined) return undefined;
    return this.gone ? GONE : explain(this.failure).text;
  }

  /** Whether the page shows the task's changes (the changes feature is there to read them). */
  private watching(): boolean {
    return this.deps.watchChanges !== undefined;
  }

  /** A repository named, the changes read, a link recorded: drawn from the new picture. */
  private picturesChanged(): void {
    const picture = this.deps.source.picture(this.taskId);
    if (picture) this.picture = picture;
    this.render();
  }

  private running(): boolean {
    return typeof this.task.state === 'string' && isActive(this.task.state);
  }

  private sourceChanged(): void {
    const picture = this.deps.source.picture(this.taskId);
    if (!picture) return;
    this.picture = picture;
    const known = taskWithSessions(picture);
    // The store may hold the task without sessions (read from a list only); the page keeps the ones it has read.
    this.task =
      known.sessions === undefined && this.task.sessions !== undefined
        ? { ...known, sessions: this.task.sessions }
        : known;
    this.render();
    // A new version may come with a new session: read the task whole, as long as someone looks.
    if (this.panel.visible && !this.gone && asText(known.updated_at) !== this.readVersion) void this.refresh();
  }

  private visibilityChanged(): void {
    if (!this.panel.visible) return this.schedule();
    if (!this.gone && (this.running() || asText(this.task.updated_at) !== this.readVersion)) void this.refresh();
    else this.render();
  }

  private refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    this.clearTimer();
    const controller = (this.controller = new AbortController());
    this.refreshing = (async () => {
      try {
        const picture = await this.deps.source.refresh(this.taskId, controller.signal);
        if (controller.signal.aborted) return;
        this.picture = picture;
        this.task = taskWithSessions(picture);
        this.failure = undefined;
        this.gone = false;
        this.failures = 0;
      } catch (err) {
        if (controller.signal.aborted) return;
        // Not found any more: the page stops asking.
        this.gone = statusOf(err) === 404;
        this.failure = err;
        this.failures++;
        this.deps.log.warn(`task page ${this.taskId}: ${this.errorText()}`);
      } finally {
        this.refreshing = undefined;
      }
      this.readVersion = asText(this.task.updated_at);
      this.render();
    })();
    return this.refreshing;
  }

  private render(): void {
    if (this.isDisposed) return;
    const nonce = btoa(String.fromCharCode(...globalThis.crypto.getRandomValues(new Uint8Array(18))));
    const webview = this.panel.webview;
    const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.deps.mediaRoot, file)).toString();
    this.shownAttempt = pageAttempt(this.picture?.attempt, id => this.deps.source.picture(id), stateLabel, host.hasGit);
    const html = renderTaskPage({
      task: this.task,
      actions: this.actions(),
      stateLabel,
      clock: { locale: vscode.env.language, now: Date.now() },
      status: {
        everySeconds: this.running() && !this.gone ? Math.round(this.deps.activeIntervalMs() / 1000) : undefined,
        error: this.errorText(),
      },
      nonce,
      cspSource: webview.cspSource,
      scriptUri: media('taskPage.js'),
      styleUri: media('taskPage.css'),
      labels: {
        repository: this.picture?.repo?.label,
        creator: this.picture?.creator,
        sessionUser: id =>
          this.picture?.me !== undefined && id === this.picture.me ? vscode.l10n.t('you') : undefined,
        continues: this.picture?.continues?.name,
        attempt: this.shownAttempt,
        round: this.picture?.round && {
          n: this.picture.round.n,
          of: this.picture.round.of,
          first: this.picture.round.first.name,
        },
      },
      changes: this.watching() ? (this.picture?.changes ?? { kind: 'loading' }) : undefined,
    });
    const changes = this.watching() ? this.picture?.changes : undefined;
    this.listedFiles = changes?.kind === 'ready' ? changes.files.slice(0, MAX_FILES).map(f => f.path) : [];
    // Setting the HTML reloads the webview: only when what it shows changed (the nonce alone does not count).
    const key = html.split(nonce).join('');
    if (key !== this.renderedKey) {
      this.renderedKey = key;
      webview.html = html;
      this.deps.rendered?.(this.taskId, html);
      this.panel.title = this.title();
    }
    this.schedule();
  }

  private schedule(): void {
    this.clearTimer();
    if (this.isDisposed || !this.panel.visible || this.refreshing) return;
    if (this.running() && !this.gone) {
      const pace = this.deps.activeIntervalMs();
      const delay = Math.min(MAX_BACKOFF_MS, pace * 2 ** Math.min(this.failures, 6));
      this.timer = setTimeout(() => void this.refresh(), Math.max(pace, delay));
    } else {
      this.timer = setTimeout(() => this.render(), CLOCK_MS);
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The buttons; all off, saying why, once the task is gone: they would act on a task the service does not have. */
  private actions(): readonly PageAction[] {
    // Where git cannot run (src/env), the buttons of commands that need it are not there (the Changes section says
    // where the changes are instead).
    const offered = host.hasGit ? PAGE_ACTIONS : PAGE_ACTIONS.filter(a => !needsGit(a.command));
    return this.gone ? offered.map(a => ({ ...a, unavailable: () => GONE })) : offered;
  }

  /** A button was pressed: the webview names an action of the fixed list; the command and the task are ours. */
  private received(message: unknown): void {
    // Another attempt's own page, as Go to Task opens one, or the comparison of its set.
    const ask = attemptAsk(message, this.shownAttempt, id => this.deps.source.picture(id));
    if (ask) return void vscode.commands.executeCommand(...ask);
    const file = this.gone ? undefined : fileOfMessage(message, this.listedFiles);
    if (file !== undefined) {
      // The Changes view's own command: it opens the diff if the file is still among the task's changes.
      void vscode.commands.executeCommand(COMMANDS.openChange, this.taskId, file);
      return;
    }
    const action = actionOfMessage(message, this.task, this.actions());
    if (!action) {
      this.deps.log.warn(`task page ${this.taskId}: a message that names no available action was ignored`);
      return;
    }
    void vscode.commands.executeCommand(action.command, { task: this.task });
  }

  override dispose(): void {
    if (this.isDisposed) return;
    super.dispose();
    this.closed.fire();
    this.closed.dispose();
  }
}

const needsGit = (command: string) => GIT_COMMANDS.includes(command) || GIT_ONLY_OFFERS.includes(command);
