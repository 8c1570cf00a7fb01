// The options list's Attempts: how many attempts of the prompt to start (1 to 4), and with more than one the model of
// each (the same model may repeat). Several attempts each start on a new branch of their own, so the head ref is
// cleared and not offered meanwhile.
import * as vscode from 'vscode';
import { MAX_ATTEMPTS } from '../../model/attemptSets';
import type { Ui } from '../../ui';
import { chooseModel } from './optionsPicker';
import { attemptModels, type StartOptions } from './startOptions';

/** The row of the options list, saying how many attempts, and with more than one that each gets a new branch. */
export function attemptsRow(o: StartOptions): { label: string; description: string; action: 'attempts' } {
  const n = o.attempts ?? 1;
  return {
    label: vscode.l10n.t('$(versions) Attempts'),
    description: n > 1 ? vscode.l10n.t('{0}, each on a new branch', n) : vscode.l10n.t('1 (one task)'),
    action: 'attempts',
  };
}

/** The models of the attempts, for the Model row and the summary, when there is more than one attempt. */
export function modelsShown(o: StartOptions): string | undefined {
  return attemptModels(o)
    ?.map(m => m || vscode.l10n.t('default'))
    .join(', ');
}

/** Asks how many attempts, then (more than one) each attempt's model; `o` changes only when all was answered. */
export async function chooseAttempts(ui: Ui, o: StartOptions): Promise<void> {
  const items = Array.from({ length: MAX_ATTEMPTS }, (_, i) => ({
    label: String(i + 1),
    description: i === 0 ? vscode.l10n.t('one task') : vscode.l10n.t('{0} tasks of this prompt, a model each', i + 1),
    value: i + 1,
  }));
  const pick = await ui.pick(items, {
    title: vscode.l10n.t('Attempts'),
    placeHolder: vscode.l10n.t('How many attempts of this prompt to start, to compare them and keep the best'),
  });
  if (!pick) return;
  if (pick.value === 1) {
    o.attempts = 1;
    delete o.models;
    return;
  }
  const models = await chooseModels(ui, o, pick.value);
  if (!models) return;
  o.attempts = pick.value;
  o.models = models;
  o.head_ref = '';
}

/** Each attempt's model in turn; undefined when one is dismissed. */
export async function chooseModels(ui: Ui, o: StartOptions, n = o.attempts ?? 1): Promise<string[] | undefined> {
  const models: string[] = [];
  for (let i = 0; i < n; i++) {
    const current = o.models?.[i] ?? o.model;
    const m = await chooseModel(ui, current, vscode.l10n.t('Model of attempt {0} of {1}', i + 1, n));
    if (m === undefined) return undefined;
    models.push(m);
  }
  return models;
}
