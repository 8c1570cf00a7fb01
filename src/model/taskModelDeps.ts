// What the task model is handed: the service and its client, tokens, the repository, what the user chose to see, the
// poll's pace. No `vscode`.
import type { RepoRef } from '../api';
import type { TokenKind } from '../ids';
import type { Log } from '../log';
import type { Event } from '../shared/emitter';
import type { Kept } from './lastLists';
import type { Timers } from './poller';
import type { RepoNames } from './repoNames';
import type { PictureSources } from './taskPictures';
import type { TaskClient } from './taskSync';
import type { ViewState } from './viewState';

export interface TaskModelDeps {
  client: () => Promise<TaskClient>;
  service: { current(): { kind: string; url: string; scope?: string }; onDidChange: Event<void> };
  tokens: { has(kind: TokenKind): Promise<boolean>; onDidChange: Event<TokenKind> };
  repos: { current(): RepoRef | undefined; readonly state: string; refresh(): void; onDidChange: Event<void> };
  /** What the user chose to see: filters, which views are on screen, which tasks are expanded. */
  view: Pick<ViewState, 'filter' | 'visible' | 'expanded' | 'onDidChange'>;
  pace: { activeMs: () => number; idleMs: () => number };
  log: Log;
  timers?: Timers;
  /** The repository names cache; one that lasts only this session when not given. */
  names?: RepoNames;
  /** Which task continues which, shown in each task's picture. */
  links?: PictureSources['continuations'];
  /** The last lists this workspace saw, shown at once when a window opens. */
  lastLists?: { state: Kept; folders(): string[] };
}
