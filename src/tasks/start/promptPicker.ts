// The first step of Start Task… without a prompt: a new one, one of the recent ones, or a prompt file.
import * as vscode from 'vscode';
import { forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import { findPromptFiles, readPromptFile, type RecentPrompts } from './promptSources';

/**
 * New prompt, the recent ones, or a prompt file; or the prompt itself, typed into the box: text that matches no row
 * is a new prompt (Enter takes it to the prompt's box).
 */
export async function choosePrompt(recentPrompts: RecentPrompts, ui: Ui): Promise<string | undefined> {
  const recent = recentPrompts.all();
  const files = await findPromptFiles().catch(() => []);
  if (!recent.length && !files.length) return '';
  type Item = vscode.QuickPickItem & { prompt?: string; file?: vscode.Uri };
  const fresh: Item = { label: vscode.l10n.t('$(edit) New prompt…'), prompt: '' };
  const items: Item[] = [fresh];
  if (recent.length)
    items.push(
      { label: vscode.l10n.t('Recent prompts'), kind: vscode.QuickPickItemKind.Separator },
      ...recent.map(p => ({
        label: forQuickPick(firstLine(p)),
        detail: p.length > 80 ? forQuickPick(p.slice(0, 200)) : undefined,
        prompt: p,
      })),
    );
  if (files.length)
    items.push(
      { label: vscode.l10n.t('Prompt files'), kind: vscode.QuickPickItemKind.Separator },
      ...files.map(f => ({
        label: `$(file) ${forQuickPick(f.name)}`,
        description: forQuickPick(vscode.workspace.asRelativePath(f.uri)),
        file: f.uri,
      })),
    );
  const pick = await ui.pickOrType(items, {
    placeHolder: vscode.l10n.t('Type a new prompt, or choose a recent one or a prompt file'),
    typed: fresh,
  });
  if (pick === undefined) return undefined;
  if (typeof pick === 'string') return pick;
  return pick.file ? readPromptFile(pick.file) : (pick.prompt ?? '');
}

function firstLine(p: string): string {
  const l = p.split(/\r?\n/).find(x => x.trim()) ?? p;
  return l.length > 70 ? `${l.slice(0, 70)}…` : l;
}
