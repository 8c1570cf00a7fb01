// What a continuation will send, shown before it is sent (Continue Task…, and Send to Agent on a feedback draft,
// which goes through Continue Task): the task it continues and its branch, the review comments it carries, the
// prompt's first lines, and the options Start Task offers that a continuation may choose (model, pull request,
// custom agent), remembered as Start Task's are. One list: Enter on its first row sends; nothing starts otherwise.
import * as vscode from 'vscode';
import { forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import { changeOption, sharedOptions, type RememberedKey } from './optionsPicker';
import type { CustomAgent } from './promptSources';
import type { StartOptions } from './startOptions';

/** The review comments a prompt carries (Send to Agent): how many, on which files. */
export interface SentComments {
  count: number;
  files: readonly string[];
}

export interface ContinuationShown {
  /** The list's title: which task is continued. */
  title: string;
  prompt: string;
  /** The branch the agent commits to, and its base. */
  head: string;
  base: string;
  comments?: SentComments;
  /** The options at first: the remembered choices, and any a caller gave. */
  initial: StartOptions;
  /** Choices remembered from the last start that differ from the settings (see rememberedChoices). */
  remembered: Partial<Pick<StartOptions, RememberedKey>>;
  agents: () => Promise<CustomAgent[]>;
}

type Action = 'send' | 'model' | 'pr' | 'agent' | 'info';

/** How many lines of the prompt the list shows. */
const PROMPT_LINES = 3;

/** The options chosen once Send is picked; undefined when the list is dismissed (nothing is sent). */
export async function confirmContinuation(ui: Ui, c: ContinuationShown): Promise<StartOptions | undefined> {
  const o = { ...c.initial };
  const shared = sharedOptions(o, c.remembered);
  const lines = c.prompt
    .split(/\r?\n/)
    .map(l => l.trim())
    .filter(Boolean);
  const first = lines.slice(0, PROMPT_LINES).join(' / ');
  for (;;) {
    const pr = o.create_pull_request ? vscode.l10n.t('pull request') : vscode.l10n.t('no pull request');
    const items: Array<vscode.QuickPickItem & { action: Action }> = [
      {
        label: vscode.l10n.t('$(send) Send'),
        description: vscode.l10n.t('Enter'),
        detail: [
          o.model || vscode.l10n.t('default model'),
          pr,
          o.custom_agent && vscode.l10n.t('agent {0}', o.custom_agent),
        ]
          .filter(Boolean)
          .map(x => forQuickPick(x, 200))
          .join(' · '),
        action: 'send',
      },
      ...(c.comments ? [commentsRow(c.comments)] : []),
      {
        label: vscode.l10n.t('$(note) Prompt'),
        description: lines.length === 1 ? vscode.l10n.t('1 line') : vscode.l10n.t('{0} lines', lines.length),
        // The prompt may quote the agent's branch: text, never icons.
        detail: forQuickPick(lines.length > PROMPT_LINES ? `${first} / ...` : first, 400),
        action: 'info',
      },
      {
        label: vscode.l10n.t('$(git-branch) Branch'),
        description: forQuickPick(vscode.l10n.t('{0} onto {1}', c.head, c.base), 300),
        action: 'info',
      },
      ...Object.values(shared.rows()),
    ];
    const pick = await ui.pick(items, {
      title: c.title,
      placeHolder: vscode.l10n.t('Press Enter to send, or change an option'),
    });
    if (!pick) return undefined;
    switch (pick.action) {
      case 'send':
        return o;
      case 'pr':
      case 'model':
      case 'agent':
        await changeOption(ui, o, pick.action, c.agents);
        break;
      case 'info':
        break;
    }
  }
}

function commentsRow(s: SentComments): vscode.QuickPickItem & { action: Action } {
  const files = s.files.length;
  return {
    label:
      s.count === 1
        ? vscode.l10n.t('$(comment-discussion) 1 review comment')
        : vscode.l10n.t('$(comment-discussion) {0} review comments', s.count),
    description: files === 1 ? vscode.l10n.t('on 1 file') : vscode.l10n.t('on {0} files', files),
    // Paths are the agent's branch's: text, never icons.
    detail: forQuickPick(s.files.join(', '), 400),
    action: 'info',
  };
}
