import * as vscode from 'vscode';
import { KNOWN_MODELS } from '../../api/types';
import { refProblem } from '../../safety/gitRef';
import { forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import type { CustomAgent } from './promptSources';
import type { StartOptions } from './startOptions';
import type { BranchList } from '../remoteBranches';
import type { Remembered, RememberedKey } from './rememberedOptions';
import { attemptsRow, chooseAttempts, chooseModels, modelsShown } from './attemptsOption';

/** The remote's branches for the pickers; undefined when they cannot be listed (a branch is typed then). */
export type BranchSource = () => Promise<BranchList | undefined>;

// The remembered choices live apart (rememberedOptions.ts), light enough for the chat's confirmation to read them.
export { initialOptions, rememberedChoices, rememberOptions, type RememberedKey } from './rememberedOptions';

type Action = 'start' | 'model' | 'base' | 'pr' | 'head' | 'agent' | 'attempts';

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
  /** Choices remembered from the last start (see rememberedChoices): said so while they are the ones chosen. */
  remembered: Partial<Remembered> = {},
  branches?: BranchSource,
  /** Whether a branch is an agent's (a task's head): listed last, apart from the user's. */
  agentBranch: (name: string) => boolean = () => false,
  /** Whether Attempts is offered (not for a continuation, which works on one branch). */
  attemptsOffered = true,
): Promise<StartOptions | undefined> {
  const o = { ...initial };
  const { isRemembered, rows: sharedRows } = sharedOptions(o, remembered);
  const base = () =>
    !o.base_ref
      ? vscode.l10n.t("the repository's default branch")
      : baseWhy && o.base_ref === initial.base_ref
        ? `${o.base_ref} (${baseWhy})`
        : o.base_ref;
  for (;;) {
    const rows = sharedRows();
    const several = (o.attempts ?? 1) > 1;
    if (several) rows.model = { ...rows.model, description: forQuickPick(modelsShown(o) ?? '') };
    const items: Array<vscode.QuickPickItem & { action: Action }> = [
      {
        label: vscode.l10n.t('$(rocket) Start task'),
        description: vscode.l10n.t('Enter'),
        detail: forQuickPick(summary(o, isRemembered), 400),
        action: 'start',
      },
      rows.model,
      // A base read from a task, and the task's name beside it, are the service's text: shown as text.
      { label: vscode.l10n.t('$(git-branch) Base ref'), description: forQuickPick(base()), action: 'base' },
      rows.pr,
      {
        label: vscode.l10n.t('$(git-commit) Head ref (existing branch)'),
        description: o.head_ref || vscode.l10n.t('none: a new branch'),
        action: 'head',
      },
      rows.agent,
      ...(attemptsOffered ? [attemptsRow(o)] : []),
    ];
    // Several attempts each start a new branch: no head ref to choose.
    if (several)
      items.splice(
        items.findIndex(i => i.action === 'head'),
        1,
      );
    const pick = await ui.pick(items, {
      title,
      placeHolder: vscode.l10n.t('Press Enter to start, or change an option'),
    });
    if (!pick) return undefined;
    switch (pick.action) {
      case 'start':
        return o;
      case 'attempts':
        await chooseAttempts(ui, o);
        break;
      case 'model':
        if (several) {
          const models = await chooseModels(ui, o);
          if (models) o.models = models;
          break;
        }
        await changeOption(ui, o, pick.action, agents);
        break;
      case 'pr':
      case 'agent':
        await changeOption(ui, o, pick.action, agents);
        break;
      case 'base': {
        const v = await pickBranch(ui, 'base', o.base_ref, branches, agentBranch);
        if (v !== undefined) o.base_ref = v;
        break;
      }
      case 'head': {
        const v = await pickBranch(ui, 'head', o.head_ref, branches, agentBranch);
        if (v !== undefined) o.head_ref = v;
        break;
      }
    }
  }
}

/** The options Start Task and a continuation's confirmation both offer: model, pull request, custom agent. */
export type SharedOption = 'model' | 'pr' | 'agent';

/**
 * The rows of the shared options for the options `o` as they stand, each said "remembered" while it is the last
 * start's choice (`remembered`, see rememberedChoices).
 */
export function sharedOptions(o: StartOptions, remembered: Partial<Pick<StartOptions, RememberedKey>>) {
  const isRemembered = (k: RememberedKey) => remembered[k] !== undefined && remembered[k] === o[k];
  const asRemembered = (k: RememberedKey, shown: string) =>
    isRemembered(k) ? vscode.l10n.t('{0} (remembered from your last start)', shown) : shown;
  const row = (label: string, description: string, action: SharedOption) => ({ label, description, action });
  return {
    isRemembered,
    /** The rows, saying the options as they are when called. */
    rows: () => {
      return {
        model: row(
          vscode.l10n.t('$(hubot) Model'),
          asRemembered('model', o.model || vscode.l10n.t('default (the service chooses)')),
          'model',
        ),
        pr: row(
          vscode.l10n.t('$(git-pull-request) Create a pull request'),
          asRemembered('create_pull_request', o.create_pull_request ? vscode.l10n.t('yes') : vscode.l10n.t('no')),
          'pr',
        ),
        // A custom agent's name is the repository's text: shown as text.
        agent: row(
          vscode.l10n.t('$(person) Custom agent'),
          forQuickPick(o.custom_agent) || vscode.l10n.t('none'),
          'agent',
        ),
      };
    },
  };
}

/** Changes the shared option picked: the pull request toggled, or a model or custom agent chosen. */
export async function changeOption(
  ui: Ui,
  o: StartOptions,
  which: SharedOption,
  agents: () => Promise<CustomAgent[]>,
): Promise<void> {
  if (which === 'pr') o.create_pull_request = !o.create_pull_request;
  else if (which === 'model') {
    const m = await chooseModel(ui, o.model);
    if (m !== undefined) o.model = m;
  } else {
    const a = await chooseAgent(ui, agents);
    if (a !== undefined) o.custom_agent = a;
  }
}

/** The model, picked from the known ones ('' lets the service choose); undefined when dismissed. */
export async function chooseModel(ui: Ui, current: string, title?: string): Promise<string | undefined> {
  const models = [
    { label: vscode.l10n.t('default'), description: vscode.l10n.t('the service chooses'), value: '' },
    ...KNOWN_MODELS.map(m => ({ label: m, description: '', value: m })),
  ];
  const m = await ui.pick(
    models.map(x => ({
      ...x,
      description: x.value === current ? `${x.description} (current)`.trim() : x.description,
    })),
    {
      title: title ?? vscode.l10n.t('Model'),
      placeHolder: vscode.l10n.t('The list may change over time and depends on your plan'),
    },
  );
  return m?.value;
}

/** A custom agent of the repository ('' for the default agent); undefined when dismissed. */
export async function chooseAgent(ui: Ui, agents: () => Promise<CustomAgent[]>): Promise<string | undefined> {
  const list = await agents();
  const a = await ui.pick(
    [
      { label: vscode.l10n.t('none'), description: vscode.l10n.t('the default agent'), value: '' },
      ...list.map(x => ({
        label: forQuickPick(x.name),
        description: forQuickPick(x.description ?? ''),
        value: x.name,
      })),
    ],
    {
      title: vscode.l10n.t('Custom agent'),
      placeHolder: list.length
        ? vscode.l10n.t('Agents of .github/agents/*.agent.md')
        : vscode.l10n.t('This repository defines no custom agents (.github/agents/*.agent.md)'),
    },
  );
  return a?.value;
}

function summary(o: StartOptions, isRemembered: (k: RememberedKey) => boolean): string {
  const model = o.model || vscode.l10n.t('default model');
  const pr = o.create_pull_request ? vscode.l10n.t('pull request') : vscode.l10n.t('no pull request');
  const several = modelsShown(o);
  const parts = [
    several
      ? vscode.l10n.t('{0} attempts: {1}', o.attempts ?? 1, several)
      : isRemembered('model')
        ? vscode.l10n.t('{0} (remembered)', model)
        : model,
    o.base_ref ? vscode.l10n.t('base {0}', o.base_ref) : vscode.l10n.t('default branch'),
    o.head_ref ? vscode.l10n.t('onto {0}', o.head_ref) : '',
    isRemembered('create_pull_request') ? vscode.l10n.t('{0} (remembered)', pr) : pr,
    o.custom_agent ? vscode.l10n.t('agent {0}', o.custom_agent) : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * A base or head branch: the remote's branches listed (the default first, then the user's, then "Another branch…",
 * and the agents' branches last under their own heading), or another typed; typed only when they cannot be listed.
 * A base must be one the remote has. Undefined when dismissed.
 */
async function pickBranch(
  ui: Ui,
  which: 'base' | 'head',
  current: string,
  branches: BranchSource | undefined,
  agentBranch: (name: string) => boolean,
): Promise<string | undefined> {
  const list = await branches?.();
  const type = (remote?: BranchList) =>
    ui.input({
      title: which === 'base' ? vscode.l10n.t('Base ref') : vscode.l10n.t('Head ref'),
      prompt:
        which === 'base'
          ? vscode.l10n.t("Empty: the repository's default branch")
          : vscode.l10n.t(
              'An existing branch or pull request head to commit to (needs a base ref). Empty: a new branch.',
            ),
      value: current,
      validate: v =>
        refInputProblem(v) ??
        (which === 'base' && remote && v.trim() && !remote.branches.includes(v.trim())
          ? vscode.l10n.t('{0} has no branch {1}.', remote.remote, v.trim())
          : undefined),
    });
  if (!list?.branches.length) return (await type())?.trim();
  type Item = vscode.QuickPickItem & { value?: string };
  // Branch names are the remote's: shown as text, never as icons.
  const row = (b: string): Item => ({
    label: forQuickPick(b),
    description: [
      b === list.defaultBranch ? vscode.l10n.t('default branch') : '',
      b === current ? vscode.l10n.t('chosen now') : '',
    ]
      .filter(Boolean)
      .join(' · '),
    value: b,
  });
  const agents = list.branches.filter(b => b !== list.defaultBranch && agentBranch(b));
  const items: Item[] = [
    ...(which === 'head' ? [{ label: vscode.l10n.t('$(circle-slash) None: a new branch'), value: '' }] : []),
    ...list.branches.filter(b => !agents.includes(b)).map(row),
    { label: vscode.l10n.t('$(edit) Another branch…') },
    ...(agents.length
      ? [{ label: vscode.l10n.t("Agents' branches"), kind: vscode.QuickPickItemKind.Separator }, ...agents.map(row)]
      : []),
  ];
  const picked = await ui.pick(items, {
    title: which === 'base' ? vscode.l10n.t('Base ref') : vscode.l10n.t('Head ref'),
    placeHolder:
      which === 'base'
        ? vscode.l10n.t(
            'The branch the agent starts from and the pull request targets (the branches of {0})',
            list.remote,
          )
        : vscode.l10n.t('An existing branch the agent commits to (the branches of {0})', list.remote),
  });
  if (!picked) return undefined;
  return picked.value ?? (await type(list))?.trim();
}

/** Empty is allowed (the default); otherwise git's own rules, said in a sentence. */
function refInputProblem(v: string): string | undefined {
  const s = v.trim();
  if (!s) return undefined;
  const problem = refProblem(s);
  return problem && vscode.l10n.t('Not a valid git branch name: {0}.', problem);
}
