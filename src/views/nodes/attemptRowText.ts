import * as vscode from 'vscode';
import { attemptLabel } from '../../model/attemptSummary';
import type { TaskPicture } from '../../model/taskPicture';
import { plainLine } from '../../shared/text';

/**
 * An attempt's row, under its set's row (which has the name): "Attempt 2 · model" as its label; its files and lines
 * changed, when known, and whether it is set aside in its description; ` attempt` (and ` aside`) in its contextValue.
 */
export function attemptParts(p: TaskPicture): { label: string; parts: string[]; flags: string } {
  const a = p.attempt!;
  const c = p.changes?.kind === 'ready' ? p.changes.totals : undefined;
  const files = c
    ? c.files === 1
      ? vscode.l10n.t('1 file +{0} −{1}', c.added, c.removed)
      : vscode.l10n.t('{0} files +{1} −{2}', c.files, c.added, c.removed)
    : '';
  const aside = a.aside ? vscode.l10n.t('set aside') : '';
  return {
    label: plainLine(attemptLabel(a.index, a.model), 200),
    parts: [files, aside],
    flags: a.aside ? ' attempt aside' : ' attempt',
  };
}
