// The prompt's input box of the start commands: what is typed is kept as a draft while it is typed.
import * as vscode from 'vscode';
import type { RepoRef } from '../../api';
import type { Draft, DraftStore } from '../../tasks/draftStore';
import { isMultiLine, withInstruction } from './frontMatter';

/**
 * The prompt in an input box; what is typed is kept as a draft as it is typed, so a reload loses nothing.
 * An input box holds one line, so a prompt of several lines (a selection, a prompt file) is not put in it, where
 * its line breaks would be lost: it is sent as it is, and the box takes an optional instruction to put before it.
 */
export function editPrompt(
  drafts: DraftStore,
  value: string,
  repo: RepoRef,
  title: string,
  selected?: number,
  kept: Pick<Draft, 'continues' | 'options'> = {},
): Promise<string | undefined> {
  const attached = isMultiLine(value) ? value : undefined;
  const compose = (typed: string) => (attached === undefined ? typed : withInstruction(attached, typed));
  return new Promise(resolve => {
    const box = vscode.window.createInputBox();
    box.title = title;
    if (attached === undefined) {
      box.prompt = vscode.l10n.t('What should the agent do? Enter continues to the options.');
      box.value = value;
    } else {
      // A selection's prompt adds its file and lines around it: say what the user selected, not the whole.
      const what =
        selected === undefined
          ? vscode.l10n.t('The {0} lines of the prompt are sent as they are', attached.split(/\r?\n/).length)
          : selected === 1
            ? vscode.l10n.t('The selected line is sent as it is')
            : vscode.l10n.t('The {0} selected lines are sent as they are', selected);
      box.prompt = vscode.l10n.t(
        '{0}. Add what the agent should do with them (optional); Enter continues to the options.',
        what,
      );
      box.placeholder = vscode.l10n.t('For example: add tests for this');
    }
    box.ignoreFocusOut = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let accepted = false;
    const save = (v: string) =>
      void drafts.save({ prompt: compose(v), repo: { owner: repo.owner, repo: repo.repo }, ...kept });
    box.onDidChangeValue(v => {
      box.validationMessage = undefined;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => v.trim() && save(v), 400);
    });
    box.onDidAccept(() => {
      if (!compose(box.value).trim()) {
        box.validationMessage = vscode.l10n.t('Write what the agent should do.');
        return;
      }
      accepted = true;
      resolve(compose(box.value));
      box.hide();
    });
    box.onDidHide(() => {
      if (timer) clearTimeout(timer);
      if (!accepted) {
        // Kept when something was written; a prompt cancelled untouched leaves no draft behind.
        if (box.value.trim() && box.value !== (attached === undefined ? value : '')) save(box.value);
        resolve(undefined);
      }
      box.dispose();
    });
    box.show();
  });
}
