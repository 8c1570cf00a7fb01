import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Task } from '../api';
import { DisposableBase, toDisposable } from '../lifecycle';
import type { ChangesModel } from '../changes/changesModel';
import type { Log } from '../log';
import { Emitter } from '../model/emitter';
import { isActive } from '../model/taskStore';
import { stateLabel } from '../views/stateStyle';
import { plainName } from '../safety/serviceText';
import { asText, plainLine } from './text';
import { actionOfMessage, PAGE_ACTIONS, type PageAction } from './pageActions';
import { renderTaskPage } from './pageHtml';
import type { TaskPageSource } from './source';

export const TASK_PAGE_VIEW_TYPE = 'agentTasks.taskPage';

export interface TaskPageDeps {
  source: TaskPageSource;
  /** media/ of the extension: the only place the webview may load from. */
  mediaRoot: vscode.Uri;
  log: Log;
  /** The poller's pace while tasks run. */
  activeIntervalMs(): number;
  /** An error in the user's words. */
  describeError(err: unknown): string;
  /** Whether an error means the task cannot be read any more (404): the page stops asking. */
  isGone(err: unknown): boolean;
  /** The name of the task this one continues, when this workspace started it as a continuation. */
  continues?(taskId: string): string | undefined;
  /** The task's changes: read while the page is open, and the page redrawn when they change. */
  changes?: Pick<ChangesModel, 'get' | 'watch' | 'onDidChange'>;
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
  private readonly rendered = this.register(new Emitter<string>());
  /** The webview was given new HTML (the test API records it outside production). */
  readonly onDidRender = this.rendered.event;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;
  private refreshing: Promise<void> | undefined;
  /** `updated_at` of the task when it was last read with its sessions. */
  private readVersion: string | undefined;
  private error: string | undefined;
  private failures = 0;
  private gone = false;
  private renderedKey = '';

  constructor(
    task: Task,
    private readonly deps: TaskPageDeps,
  ) {
    super();
    this.taskId = task.id;
    this.task = deps.source.get(task.id) ?? task;
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
    if (deps.source.onDidChangeNames) this.register(deps.source.onDidChangeNames(() => this.render()));
    this.register(this.panel.webview.onDidReceiveMessage(m => this.received(m)));
    this.register(this.panel.onDidChangeViewState(() => this.visibilityChanged()));
    this.register(this.panel.onDidDispose(() => this.dispose()));
    const changes = deps.changes;
    if (changes) {
      changes.watch(this.taskId, 'page', true);
      this.register(toDisposable(() => changes.watch(this.taskId, 'page', false)));
      this.register(changes.onDidChange(id => id === this.taskId && this.render()));
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
    return plainLine(plainName(asText(this.task.name)) || `Task ${this.taskId}`, 40);
  }

  private running(): boolean {
    return typeof this.task.state === 'string' && isActive(this.task.state);
  }

  private sourceChanged(): void {
    const known = this.deps.source.get(this.taskId);
    if (!known) return;
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
        const task = await this.deps.source.refresh(this.taskId, controller.signal);
        if (controller.signal.aborted) return;
        this.task = task;
        this.error = undefined;
        this.gone = false;
        this.failures = 0;
      } catch (err) {
        if (controller.signal.aborted) return;
        this.gone = this.deps.isGone(err);
        this.error = this.gone ? GONE : this.deps.describeError(err);
        this.failures++;
        this.deps.log.warn(`task page ${this.taskId}: ${this.error}`);
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
    const nonce = randomBytes(18).toString('base64');
    const webview = this.panel.webview;
    const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.deps.mediaRoot, file)).toString();
    const html = renderTaskPage({
      task: this.task,
      actions: this.actions(),
      stateLabel,
      clock: { locale: vscode.env.language, now: Date.now() },
      status: {
        everySeconds: this.running() && !this.gone ? Math.round(this.deps.activeIntervalMs() / 1000) : undefined,
        error: this.error,
      },
      nonce,
      cspSource: webview.cspSource,
      scriptUri: media('taskPage.js'),
      styleUri: media('taskPage.css'),
      labels: {
        repository: this.deps.source.repositoryName?.(this.task),
        creator: this.deps.source.creatorName?.(this.task),
        sessionUser: id => this.deps.source.sessionUserName?.(id),
        continues: this.deps.continues?.(this.taskId),
      },
      changes: this.deps.changes?.get(this.taskId),
    });
    // Setting the HTML reloads the webview: only when what it shows changed (the nonce alone does not count).
    const key = html.split(nonce).join('');
    if (key !== this.renderedKey) {
      this.renderedKey = key;
      webview.html = html;
      this.rendered.fire(html);
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
    return this.gone ? PAGE_ACTIONS.map(a => ({ ...a, unavailable: () => GONE })) : PAGE_ACTIONS;
  }

  /** A button was pressed: the webview names an action of the fixed list; the command and the task are ours. */
  private received(message: unknown): void {
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
