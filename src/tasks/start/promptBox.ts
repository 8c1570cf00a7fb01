// The prompt's input box of the start commands: what is typed is kept as a draft while it is typed.
import * as vscode from 'vscode';
import type { RepoRef } from '../../api';
import type { Ui } from '../../ui';
import type { Draft, DraftStore } from '../draftStore';
import { isMultiLine, withInstruction } from './frontMatter';

/**
 * The prompt in an input box; what is typed is kept as a draft as it is typed, so a reload loses nothing.
 * An input box holds one line, so a prompt of several lines (a selection, a prompt file) is not put in it, where
 * its line breaks would be lost: it is sent as it is, and the box takes an optional instruction to put before it.
 */
export async function editPrompt(
  ui: Ui,
  drafts: DraftStore,
  value: string,
  repo: RepoRef,
  title: string,
  selected?: number,
  kept: Pick<Draft, 'continues' | 'options'> = {},
): Promise<string | undefined> {
  const attached = isMultiLine(value) ? value : undefined;
  const compose = (typed: string) => (attached === undefined ? typed : withInstruction(attached, typed));
  let what: string | undefined;
  if (attached !== undefined)
    // A selection's prompt adds its file and lines around it: say what the user selected, not the whole.
    what =
      selected === undefined
        ? vscode.l10n.t('The {0} lines of the prompt are sent as they are', attached.split(/\r?\n/).length)
        : selected === 1
          ? vscode.l10n.t('The selected line is sent as it is')
          : vscode.l10n.t('The {0} selected lines are sent as they are', selected);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let typed: string | undefined;
  const save = (v: string) =>
    void drafts.save({ prompt: compose(v), repo: { owner: repo.owner, repo: repo.repo }, ...kept });
  const written = await ui.compose({
    title,
    ...(what === undefined
      ? { prompt: vscode.l10n.t('What should the agent do? Enter continues to the options.'), value }
      : {
          prompt: vscode.l10n.t(
            '{0}. Add what the agent should do with them (optional); Enter continues to the options.',
            what,
          ),
          placeHolder: vscode.l10n.t('For example: add tests for this'),
        }),
    changed: v => {
      typed = v;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => v.trim() && save(v), 400);
    },
    refuse: v => (compose(v).trim() ? undefined : vscode.l10n.t('Write what the agent should do.')),
  });
  if (timer) clearTimeout(timer);
  if (written !== undefined) return compose(written);
  // Kept when something was written; a prompt cancelled untouched leaves no draft behind.
  if (typed?.trim() && typed !== (attached === undefined ? value : '')) save(typed);
  return undefined;
}
