// What a start from chat will send, shown to the user before it is sent, and kept between the confirmation and the
// start so that exactly what was shown is what goes out. Pure: no `vscode`.
import type { RepoRef } from '../api/params';
import type { StartOptions } from '../tasks/start/startOptions';
import { repoLabel } from '../model/remotes';
import { forMarkdown } from '../safety/serviceText';
import * as l10n from '@vscode/l10n';

export interface StartPlan {
  repo: RepoRef;
  prompt: string;
  options: StartOptions;
  /** The task whose branch the agent keeps working on. */
  continues?: { taskId: string; name: string };
  /** The uncommitted changes go on a new branch first (Start Task with My Changes…). */
  withMyChanges?: boolean;
  /** The continued task's review comments that are in the prompt: marked sent once the task starts. */
  feedback?: { taskId: string; ids: readonly string[]; moved: number; files?: readonly string[] };
  /** Options the chat did not name, taken from the user's last start (as Start Task does): said so. */
  remembered?: { model?: boolean; create_pull_request?: boolean };
}

/** Either a plan to confirm, or the sentence to answer with instead (nothing is sent). */
export type Planned = { ok: true; plan: StartPlan } | { ok: false; text: string };

export const CONFIRM_TITLE = l10n.t('Start a cloud agent task?');

/**
 * The confirmation's body as Markdown source (for an untrusted MarkdownString without HTML or icons): the labels are
 * ours, every value is written through `forMarkdown`, so a prompt or a branch name shows as its own characters and
 * never as a link, an image, emphasis or a heading. VS Code shows the same source as plain text in a modal dialog.
 */
export function confirmationMarkdown(plan: StartPlan): string {
  const o = plan.options;
  const row = (label: string, value: string) => `**${label}:** ${forMarkdown(value, 300)}`;
  const kept = (k: 'model' | 'create_pull_request', shown: string) =>
    plan.remembered?.[k] ? l10n.t('{0} (remembered from your last start)', shown) : shown;
  const rows = [
    row('Repository', repoLabel(plan.repo)),
    ...((o.attempts ?? 1) > 1
      ? [
          row(l10n.t('Attempts'), l10n.t('{0}, each a task on a new branch, compared afterwards', o.attempts ?? 1)),
          row(
            l10n.t('Models'),
            (o.models ?? [])
              .map((m, i) => l10n.t('attempt {0}: {1}', i + 1, m || l10n.t('the service chooses')))
              .join('; '),
          ),
        ]
      : [row('Model', kept('model', o.model || l10n.t('the service chooses')))]),
    row(l10n.t('Base branch'), o.base_ref || l10n.t('the repository’s default branch')),
    ...(o.head_ref ? [row(l10n.t('Works on branch'), o.head_ref)] : []),
    ...(plan.continues
      ? [row(l10n.t('Continues task'), `${plan.continues.name || plan.continues.taskId} (${plan.continues.taskId})`)]
      : []),
    row(
      l10n.t('Pull request'),
      kept('create_pull_request', o.create_pull_request ? l10n.t('yes, the agent opens one') : 'no'),
    ),
    ...(o.custom_agent ? [row(l10n.t('Custom agent'), o.custom_agent)] : []),
    ...(plan.feedback
      ? [
          row(
            l10n.t('Review comments'),
            plan.feedback.moved
              ? l10n.t(
                  '{0} not sent yet, in the prompt below; the branch moved since {1} of them were written',
                  plan.feedback.ids.length,
                  plan.feedback.moved,
                )
              : l10n.t('{0} not sent yet, in the prompt below', plan.feedback.ids.length),
          ),
          ...(plan.feedback.files?.length ? [row(l10n.t('Files commented'), plan.feedback.files.join(', '))] : []),
        ]
      : []),
    ...(plan.withMyChanges
      ? [
          row(
            l10n.t('Your changes'),
            l10n.t('pushed to a new branch the agent works on; you choose the files and confirm next'),
          ),
        ]
      : []),
  ];
  return [
    l10n.t('The prompt below goes to the cloud agent, which works on the repository and pushes a branch.'),
    '',
    rows.join('  \n'),
    '',
    '**Prompt:**',
    '',
    forMarkdown(plan.prompt, 8000),
  ].join('\n');
}

/** What the progress line says while the start runs: ours, with the repository written as text. */
export function invocationMarkdown(plan: StartPlan): string {
  return l10n.t('Starting a task on {0}', forMarkdown(repoLabel(plan.repo), 200));
}

/**
 * Outcomes of `prepareInvocation`, by the input they were made for, until `invoke` takes them: a confirmed start
 * sends the plan the user saw, not one made again later. Bounded: an input prepared but never invoked (the user
 * cancelled) is forgotten once newer ones pile up.
 */
export class PreparedStarts {
  private readonly byInput = new Map<string, Planned>();

  constructor(private readonly max = 20) {}

  put(input: unknown, planned: Planned): void {
    const key = keyOf(input);
    this.byInput.delete(key);
    this.byInput.set(key, planned);
    while (this.byInput.size > this.max) this.byInput.delete(this.byInput.keys().next().value as string);
  }

  /** The outcome prepared for this input, once: a second invocation needs a second confirmation. */
  take(input: unknown): Planned | undefined {
    const key = keyOf(input);
    const planned = this.byInput.get(key);
    this.byInput.delete(key);
    return planned;
  }
}

/** The same input gives the same key whatever the order of its fields. */
function keyOf(input: unknown): string {
  return JSON.stringify(input, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
