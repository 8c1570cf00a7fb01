// How each task state is shown: its words, the kind of state it is, its icon and colour (theme ids). Pure: no
// `vscode`, so the picture of a task carries them and views only turn the ids into theme icons.

/** What a state means to the user: still going, done well, ended badly, or waiting on them. */
export type StateCategory = 'active' | 'done' | 'failed' | 'waiting' | 'other';

export interface StateStyle {
  readonly label: string;
  readonly category: StateCategory;
  /** A codicon id (`sync~spin` spins). */
  readonly icon: string;
  /** A theme colour id. */
  readonly color?: string;
}

import { ACTIVE_TASK_STATES } from '../api/types';
import * as l10n from '@vscode/l10n';

const ACTIVE: ReadonlySet<string> = new Set(ACTIVE_TASK_STATES);
/** Whether a task in this state is still under way (the service may still change it). */
export const isActive = (state: string): boolean => ACTIVE.has(state);

// One distinct icon and colour per state; the running one spins.
const STYLES: Record<string, StateStyle> = {
  queued: { label: l10n.t('Queued'), category: 'active', icon: 'clock', color: 'charts.yellow' },
  in_progress: { label: l10n.t('Running'), category: 'active', icon: 'sync~spin', color: 'charts.blue' },
  completed: { label: l10n.t('Completed'), category: 'done', icon: 'pass-filled', color: 'charts.green' },
  failed: { label: l10n.t('Failed'), category: 'failed', icon: 'error', color: 'charts.red' },
  idle: { label: l10n.t('Idle'), category: 'other', icon: 'debug-pause', color: 'descriptionForeground' },
  waiting_for_user: { label: l10n.t('Waiting for you'), category: 'waiting', icon: 'bell-dot', color: 'charts.orange' },
  timed_out: { label: l10n.t('Timed out'), category: 'failed', icon: 'watch', color: 'charts.purple' },
  cancelled: { label: l10n.t('Cancelled'), category: 'other', icon: 'circle-slash', color: 'disabledForeground' },
};

const unknown = new Map<string, StateStyle>();

/** The style of a state; a state the service added since is shown in its own words, with a question mark. */
export function stateStyle(state: string): StateStyle {
  const known = STYLES[state];
  if (known) return known;
  let s = unknown.get(state);
  if (!s) {
    s = { label: String(state).replace(/_/g, ' '), category: 'other', icon: 'question' };
    // Bounded: the service could send any number of made-up states.
    if (unknown.size < 64) unknown.set(state, s);
  }
  return s;
}

export function stateLabel(state: string): string {
  return stateStyle(state).label;
}
