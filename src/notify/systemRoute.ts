// Which news goes to the operating system's notifications: that of the states chosen, while the window is in the
// background. Their code (src/notify/systemNotices.ts, a webview) is imported when the first such news comes.
import * as vscode from 'vscode';
import { readSettings } from '../config';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import type { Ui } from '../ui';
import type { News, SystemRoute } from './systemNews';
import type { SystemNotices } from './systemNotices';

export interface SystemRouteDeps {
  /** Whether the window is in front (`window.state.focused`). */
  focused(): boolean;
  /** `agentTasks.notifications.system` and `.systemStates`. */
  settings(): { on: boolean; states: readonly string[] };
  storage: vscode.Uri;
  mediaRoot: vscode.Uri;
  ui: Ui;
  log: Log;
}

export class SystemNotifications extends DisposableBase implements SystemRoute {
  private notices: Promise<SystemNotices> | undefined;

  constructor(private readonly deps: SystemRouteDeps) {
    super();
  }

  takes(state: string): boolean {
    const { on, states } = this.deps.settings();
    return on && states.includes(state) && !this.deps.focused();
  }

  async tell(news: readonly News[]): Promise<readonly News[]> {
    try {
      this.notices ??= import('./systemNotices').then(m => this.register(new m.SystemNotices(this.deps)));
      return await (await this.notices).tell(news);
    } catch (err) {
      this.deps.log.warn(`system notification not shown: ${String(err)}`);
      return news;
    }
  }
}

/** The route of a window: its focus, the settings, the workspace's storage (shared by its windows) and media/. */
export function systemNotificationsOf(context: vscode.ExtensionContext, ui: Ui, log: Log): SystemNotifications {
  return new SystemNotifications({
    focused: () => vscode.window.state.focused,
    settings: () => ({ on: readSettings().systemNotifications, states: readSettings().systemNotificationStates }),
    storage: context.storageUri ?? context.globalStorageUri,
    mediaRoot: vscode.Uri.joinPath(context.extensionUri, 'media'),
    ui,
    log,
  });
}
