import type * as vscode from 'vscode';
import { KNOWN_MODELS } from '../../api/types';
import { readSettings } from '../../config';
import { refProblem } from '../../safety/gitRef';
import { forQuickPick } from '../../safety/serviceText';
import { STATE_KEYS } from '../../ids';
import type { Ui } from '../../ui';
import type { CustomAgent } from './promptSources';
import type { StartOptions } from './startOptions';

type Remembered = Pick<StartOptions, 'model' | 'create_pull_request' | 'custom_agent'>;

/** Last choices (model, pull request, agent) over the settings' defaults; refs are per branch, not remembered. */
export function initialOptions(state: vscode.Memento, baseRef: string): StartOptions {
  const s = readSettings();
  const last = state.get<Partial<Remembered>>(STATE_KEYS.lastStartOptions, {});
  return {
    model: typeof last.model === 'string' ? last.model : s.defaultModel,
    create_pull_request:
      typeof last.create_pull_request === 'boolean' ? last.create_pull_request : s.defaultCreatePullRequest,
    custom_agent: typeof last.custom_agent === 'string' ? last.custom_agent : '',
    base_ref: baseRef,
    head_ref: '',
  };
}

export async function rememberOptions(state: vscode.Memento, o: StartOptions): Promise<void> {
  const keep: Remembered = { model: o.model, create_pull_request: o.create_pull_request, custom_agent: o.custom_agent };
  await state.update(STATE_KEYS.lastStartOptions, keep);
}

type Action = 'start' | 'model' | 'base' | 'pr' | 'head' | 'agent';

/**
 * One list with "Start task" on top and every option below it: Enter starts with the shown (remembered) choices;
 * picking an option changes it and comes back. Undefined when the user cancels.
 */
export async function pickOptions(
  initial: StartOptions,
  agents: () => Promise<CustomAgent[]>,
  title: string,
  ui: Ui,
  /** Why the initial base was proposed, said beside it while it is the one chosen. */
  baseWhy?: string,
): Promise<StartOptions | undefined> {
  const o = { ...initial };
  const base = () =>
    !o.base_ref
      ? "the repository's default branch"
      : baseWhy && o.base_ref === initial.base_ref
        ? `${o.base_ref} (${baseWhy})`
        : o.base_ref;
  for (;;) {
    const items: Array<vscode.QuickPickItem & { action: Action }> = [
      { label: '$(rocket) Start task', description: 'Enter', detail: summary(o), action: 'start' },
      { label: '$(hubot) Model', description: o.model || 'default (the service chooses)', action: 'model' },
      // A base read from a task, and the task's name beside it, are the service's text: shown as text.
      { label: '$(git-branch) Base ref', description: forQuickPick(base()), action: 'base' },
      {
        label: '$(git-pull-request) Create a pull request',
        description: o.create_pull_request ? 'yes' : 'no',
        action: 'pr',
      },
      {
        label: '$(git-commit) Head ref (existing branch)',
        description: o.head_ref || 'none: a new branch',
        action: 'head',
      },
      { label: '$(person) Custom agent', description: o.custom_agent || 'none', action: 'agent' },
    ];
    const pick = await ui.pick(items, { title, placeHolder: 'Press Enter to start, or change an option' });
    if (!pick) return undefined;
    switch (pick.action) {
      case 'start':
        return o;
      case 'pr':
        o.create_pull_request = !o.create_pull_request;
        break;
      case 'model': {
        const models = [
          { label: 'default', description: 'the service chooses', value: '' },
          ...KNOWN_MODELS.map(m => ({ label: m, description: '', value: m })),
        ];
        const m = await ui.pick(
          models.map(x => ({
            ...x,
            description: x.value === o.model ? `${x.description} (current)`.trim() : x.description,
          })),
          { title: 'Model', placeHolder: 'The list may change over time and depends on your plan' },
        );
        if (m) o.model = m.value;
        break;
      }
      case 'base': {
        const v = await ui.input({
          title: 'Base ref',
          prompt: "Empty: the repository's default branch",
          value: o.base_ref,
          validate: refInputProblem,
        });
        if (v !== undefined) o.base_ref = v.trim();
        break;
      }
      case 'head': {
        const v = await ui.input({
          title: 'Head ref',
          prompt: 'An existing branch or pull request head to commit to (needs a base ref). Empty: a new branch.',
          value: o.head_ref,
          validate: refInputProblem,
        });
        if (v !== undefined) o.head_ref = v.trim();
        break;
      }
      case 'agent': {
        const list = await agents();
        const a = await ui.pick(
          [
            { label: 'none', description: 'the default agent', value: '' },
            ...list.map(x => ({
              label: forQuickPick(x.name),
              description: forQuickPick(x.description ?? ''),
              value: x.name,
            })),
          ],
          {
            title: 'Custom agent',
            placeHolder: list.length
              ? 'Agents of .github/agents/*.agent.md'
              : 'This repository defines no custom agents (.github/agents/*.agent.md)',
          },
        );
        if (a) o.custom_agent = a.value;
        break;
      }
    }
  }
}

function summary(o: StartOptions): string {
  return [
    o.model || 'default model',
    o.base_ref ? `base ${o.base_ref}` : 'default branch',
    o.head_ref ? `onto ${o.head_ref}` : '',
    o.create_pull_request ? 'pull request' : 'no pull request',
    o.custom_agent ? `agent ${o.custom_agent}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Empty is allowed (the default); otherwise git's own rules, said in a sentence. */
function refInputProblem(v: string): string | undefined {
  const s = v.trim();
  if (!s) return undefined;
  const problem = refProblem(s);
  return problem && `Not a valid git branch name: ${problem}.`;
}
