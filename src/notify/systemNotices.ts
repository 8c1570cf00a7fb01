// The operating system's notifications, through the browser's `Notification` in a webview of ours (VS Code gives an
// extension no other way, and this one works in the desktop app and in a browser alike). Loaded, and its tab made,
// when the first news must be told while the window is in the background; nothing of it exists before.
import * as vscode from 'vscode';
import type { Task } from '../api';
import { COMMANDS } from '../ids';
import { DisposableBase, toDisposable } from '../lifecycle';
import type { Log } from '../log';
import { tell, type Ui } from '../ui';
import { Claims, type ClaimFs } from './claims';
import { notifierHtml } from './notifierHtml';
import { noticeOf, type Notice, type News } from './systemNews';

export const NOTIFIER_VIEW_TYPE = 'agentTasks.notifier';

/** What the webview said of one notification: shown, refused by the user's settings, or not possible there. */
type Delivery = 'shown' | 'denied' | 'unsupported';

/** How long the tab may take to load, and to answer: past that, the news is told in the window. */
const ANSWER_MS = 15_000;

export interface SystemNoticesDeps {
  /** Where the claims of the workspace's windows are kept (its storage). */
  storage: vscode.Uri;
  /** media/ of the extension: the tab's script and style sheet. */
  mediaRoot: vscode.Uri;
  ui: Ui;
  log: Log;
}

export class SystemNotices extends DisposableBase {
  private panel: vscode.WebviewPanel | undefined;
  private ready: Promise<boolean> | undefined;
  private readied: ((ok: boolean) => void) | undefined;
  private readonly answers = new Map<number, (d: Delivery) => void>();
  private sent = 0;
  private hinted = false;
  private readonly claims: Claims;
  /** The tasks of the notifications told, by id, for their clicks; the last fifty. */
  private readonly tasks = new Map<string, Task>();

  constructor(private readonly deps: SystemNoticesDeps) {
    super();
    const id = globalThis.crypto.getRandomValues(new Uint32Array(2)).join('-');
    this.claims = new Claims(workspaceFs(), vscode.Uri.joinPath(deps.storage, 'notified').toString(), id);
    this.register(toDisposable(() => this.closed()));
  }

  /** Tells the burst in one notification; resolves with what was not delivered. News another window claimed is done. */
  async tell(news: readonly News[]): Promise<readonly News[]> {
    const mine: News[] = [];
    for (const n of news) if (await this.claims.claim(n.key)) mine.push(n);
    if (!mine.length) return [];
    const notice = noticeOf(mine);
    for (const n of mine) this.tasks.set(n.task.id, n.task);
    for (const old of [...this.tasks.keys()].slice(0, Math.max(0, this.tasks.size - 50))) this.tasks.delete(old);
    const delivery = await this.deliver(notice);
    this.deps.log.info(`system notification of ${mine.length} task(s): ${delivery}`);
    if (delivery === 'shown') return [];
    if (delivery === 'denied' && !this.hinted) {
      this.hinted = true;
      tell(this.deps.ui, 'info', DENIED, [
        {
          title: vscode.l10n.t('Open Settings'),
          run: () => vscode.commands.executeCommand('workbench.action.openSettings', 'agentTasks.notifications'),
        },
      ]);
    }
    return mine;
  }

  private async deliver(notice: Notice): Promise<Delivery> {
    if (!(await this.open())) {
      // A tab whose script never ran: made anew for the next news.
      this.closed();
      return 'unsupported';
    }
    const id = ++this.sent;
    const answered = new Promise<Delivery>(resolve => {
      this.answers.set(id, resolve);
      setTimeout(() => this.answer(id, 'unsupported'), ANSWER_MS);
    });
    void this.panel?.webview.postMessage({ type: 'notify', id, ...notice });
    return answered;
  }

  private answer(id: number, d: Delivery): void {
    this.answers.get(id)?.(d);
    this.answers.delete(id);
  }

  /** The tab, made once (again after the user closed it), kept alive while hidden; true once its script runs. */
  private open(): Promise<boolean> {
    if (this.ready) return this.ready;
    const panel = vscode.window.createWebviewPanel(
      NOTIFIER_VIEW_TYPE,
      vscode.l10n.t('Agent Tasks Notifications'),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: true },
      {
        enableScripts: true,
        enableCommandUris: false,
        enableForms: false,
        retainContextWhenHidden: true,
        localResourceRoots: [this.deps.mediaRoot],
      },
    );
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.deps.mediaRoot, 'agent-tasks.svg');
    const listeners: vscode.Disposable[] = [];
    listeners.push(
      panel.webview.onDidReceiveMessage((m: unknown) => this.received(m)),
      panel.onDidDispose(() => {
        for (const l of listeners) l.dispose();
        if (this.panel === panel) this.closed();
      }),
    );
    this.ready = new Promise<boolean>(resolve => {
      this.readied = resolve;
      setTimeout(() => resolve(false), ANSWER_MS);
    });
    const media = (file: string) =>
      panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.mediaRoot, file)).toString();
    const nonce = [...globalThis.crypto.getRandomValues(new Uint8Array(18))].map(b => b.toString(16)).join('');
    panel.webview.html = notifierHtml({
      nonce,
      cspSource: panel.webview.cspSource,
      scriptUri: media('notifier.js'),
      styleUri: media('taskPage.css'),
    });
    return this.ready;
  }

  private received(m: unknown): void {
    if (!m || typeof m !== 'object') return;
    const { type, id, result, taskId } = m as Record<string, unknown>;
    if (type === 'ready') this.readied?.(true);
    else if (type === 'result' && typeof id === 'number')
      this.answer(id, result === 'shown' || result === 'denied' ? result : 'unsupported');
    else if (type === 'open' && typeof taskId === 'string') {
      const task = this.tasks.get(taskId);
      if (task) void vscode.commands.executeCommand(COMMANDS.showTaskDetails, task);
    }
  }

  /** The tab is gone: what waited for it is told in the window; the next news makes it again. */
  private closed(): void {
    const panel = this.panel;
    this.panel = undefined;
    this.ready = undefined;
    this.readied?.(false);
    this.readied = undefined;
    for (const id of [...this.answers.keys()]) this.answer(id, 'unsupported');
    panel?.dispose();
  }
}

const DENIED = vscode.l10n.t(
  'Your system does not allow notifications from {0}, so news of your tasks while this window was in the background is told here. The README says how to allow them (per system); the setting “agentTasks.notifications.system” turns them off.',
  vscode.env.appName,
);

/** `workspace.fs` on the claims' folder: paths are URIs as strings, joined with `/`. */
function workspaceFs(): ClaimFs {
  const fs = vscode.workspace.fs;
  const uri = (p: string) => vscode.Uri.parse(p);
  return {
    createDirectory: async p => fs.createDirectory(uri(p)),
    writeFile: async (p, content) => fs.writeFile(uri(p), content),
    rename: async (from, to) => fs.rename(uri(from), uri(to), { overwrite: false }),
    delete: async p => fs.delete(uri(p), { recursive: true, useTrash: false }),
    exists: p =>
      Promise.resolve(fs.stat(uri(p))).then(
        () => true,
        () => false,
      ),
    list: async p =>
      Promise.all(
        (await fs.readDirectory(uri(p))).map(async ([name]) => ({
          name,
          mtime: (await fs.stat(vscode.Uri.joinPath(uri(p), name))).mtime,
        })),
      ),
  };
}
