import * as vscode from 'vscode';

interface Style {
  label: string;
  icon: string;
  color: string;
}

// One distinct icon and colour per state; the running one spins.
const STYLES: Record<string, Style> = {
  queued: { label: vscode.l10n.t('Queued'), icon: 'clock', color: 'charts.yellow' },
  in_progress: { label: vscode.l10n.t('Running'), icon: 'sync~spin', color: 'charts.blue' },
  completed: { label: vscode.l10n.t('Completed'), icon: 'pass-filled', color: 'charts.green' },
  failed: { label: vscode.l10n.t('Failed'), icon: 'error', color: 'charts.red' },
  idle: { label: vscode.l10n.t('Idle'), icon: 'debug-pause', color: 'descriptionForeground' },
  waiting_for_user: { label: vscode.l10n.t('Waiting for you'), icon: 'bell-dot', color: 'charts.orange' },
  timed_out: { label: vscode.l10n.t('Timed out'), icon: 'watch', color: 'charts.purple' },
  cancelled: { label: vscode.l10n.t('Cancelled'), icon: 'circle-slash', color: 'disabledForeground' },
};

export function stateLabel(state: string): string {
  return STYLES[state]?.label ?? state.replace(/_/g, ' ');
}

export function stateIcon(state: string): vscode.ThemeIcon {
  const s = STYLES[state];
  return s ? new vscode.ThemeIcon(s.icon, new vscode.ThemeColor(s.color)) : new vscode.ThemeIcon('question');
}
