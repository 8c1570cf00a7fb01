// The parts of the task page that show what the service sent: facts, artifacts, sessions. Pure: no `vscode`.
// Every field is read as `unknown` and goes into the HTML only through escapeHtml: a malformed one shows as missing.
import { TASK_STATES, type Task } from '../api/types';
import { duration } from '../shared/relativeTime';
import { repoOfTask } from '../model/taskLinks';
import { forHtml, plainName } from '../safety/serviceText';
import { asText } from '../shared/text';
import type { TimeFormatter } from '../shared/when';
import * as l10n from '@vscode/l10n';

export type Fields = Record<string, unknown>;

export const fieldsOf = (v: unknown): Fields | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Fields) : undefined;

const KNOWN_STATES: ReadonlySet<string> = new Set(TASK_STATES);

/** A state as a label with its colour class; a state that is not text is said to be unreadable. */
export function stateHtml(state: unknown, label: (state: string) => string): string {
  if (typeof state !== 'string' || state === '')
    return `<span class="state state-unknown">${forHtml(l10n.t('Unreadable state'))}</span>`;
  const cls = KNOWN_STATES.has(state) ? state.replace(/_/g, '-') : 'unknown';
  return `<span class="state state-${cls}"><span class="dot" aria-hidden="true"></span>${forHtml(label(state))}</span>`;
}

function row(label: string, valueHtml: string): string {
  return `<dt>${forHtml(label)}</dt><dd dir="auto">${valueHtml}</dd>`;
}

const code = (v: unknown): string => `<code>${forHtml(asText(v))}</code>`;
const orDash = (html: string): string => html || '<span class="muted">—</span>';

function repositoryText(task: Task, known: string | undefined): string {
  if (known) return known;
  try {
    const r = repoOfTask(task);
    if (r) return `${r.owner}/${r.repo}`;
  } catch {
    // A task address with broken %-encoding names no repository; fall back to its id.
  }
  const id = asText(fieldsOf(task.repository)?.id);
  return id ? l10n.t('repository {0}', id) : '';
}

/** "user 1001": the service's creator kind in lower case and the id, unless the caller knows a name. */
function creatorText(task: Task, known: string | undefined): string {
  if (known) return known;
  const kind = asText(task.creator_type).toLowerCase() || l10n.t('creator');
  const id = asText(fieldsOf(task.creator)?.id);
  return id ? `${kind} ${id}` : '';
}

/** Names the caller knows better than the service's fields tell ("acme/rocket" for repository 5001, "you"). */
export interface PageLabels {
  repository?: string;
  creator?: string;
  /** "you" for a session's user who is the signed-in user. */
  sessionUser?: (userId: unknown) => string | undefined;
}

export function factsHtml(task: Task, when: TimeFormatter, labels: PageLabels): string {
  const rows = [
    row(l10n.t('Repository'), orDash(forHtml(repositoryText(task, labels.repository)))),
    row(l10n.t('Created'), when(task.created_at)),
    row(l10n.t('Updated'), when(task.updated_at)),
    ...(task.archived_at ? [row(l10n.t('Archived'), when(task.archived_at))] : []),
    row(l10n.t('Creator'), orDash(forHtml(creatorText(task, labels.creator)))),
    row(l10n.t('Task ID'), code(task.id)),
  ];
  return `<dl class="facts">${rows.join('')}</dl>`;
}

export function artifactsHtml(task: Task): string {
  const items = (Array.isArray(task.artifacts) ? (task.artifacts as unknown[]) : [])
    .map(fieldsOf)
    .filter(a => a !== undefined);
  if (!items.length) return '';
  const li = items.map(a => {
    const type = asText(a.type);
    const id = asText(fieldsOf(a.data)?.id);
    const what =
      type === 'pull' ? l10n.t('Pull request #{0}', id) : `${type || l10n.t('Artifact')}${id ? ` ${id}` : ''}`;
    const provider = asText(a.provider);
    const from = provider ? ` <span class="muted">(${forHtml(provider)})</span>` : '';
    return `<li dir="auto">${forHtml(what)}${from}</li>`;
  });
  return `<section class="artifacts"><h2>${forHtml(l10n.t('Artifacts'))}</h2><ul>${li.join('')}</ul></section>`;
}

type UserName = ((userId: unknown) => string | undefined) | undefined;

function sessionHtml(
  s: Fields,
  index: number,
  when: TimeFormatter,
  label: (state: string) => string,
  user: UserName,
): string {
  const name = plainName(asText(s.name)) || l10n.t('Session {0}', index + 1);
  const head = asText(s.head_ref);
  const base = asText(s.base_ref);
  const branch = head || base ? `${code(head || '—')} → ${code(base || '—')}` : '';
  const took = s.completed_at ? duration(asText(s.created_at), asText(s.completed_at)) : '';
  const userId = fieldsOf(s.user)?.id;
  const by = user?.(userId) ?? (asText(userId) ? l10n.t('user {0}', asText(userId)) : '');
  const rows = [
    ...(by ? [row(l10n.t('By'), forHtml(by))] : []),
    row(l10n.t('Model'), orDash(forHtml(asText(s.model)))),
    row(l10n.t('Branch'), orDash(branch)),
    row(l10n.t('Started'), when(s.created_at)),
    ...(s.completed_at
      ? [
          row(
            l10n.t('Finished'),
            `${when(s.completed_at)}` +
              (took ? ` <span class="muted">${forHtml(l10n.t('(took {0})', took))}</span>` : ''),
          ),
        ]
      : []),
  ];
  const prompt = asText(s.prompt);
  return (
    `<article class="session"><header><h3 dir="auto">${forHtml(name)}</h3>${stateHtml(s.state, label)}</header>` +
    `<dl class="facts">${rows.join('')}</dl>` +
    (prompt ? `<h4>${forHtml(l10n.t('Prompt'))}</h4><pre class="prompt" dir="auto">${forHtml(prompt)}</pre>` : '') +
    `</article>`
  );
}

export function sessionsHtml(
  task: Task,
  when: TimeFormatter,
  label: (state: string) => string,
  user?: UserName,
): string {
  const raw: unknown = task.sessions;
  let body: string;
  if (raw === undefined) body = `<p class="muted">${forHtml(l10n.t('Reading the sessions…'))}</p>`;
  else if (!Array.isArray(raw))
    body = `<p class="muted">${forHtml(l10n.t('The service sent sessions that cannot be read.'))}</p>`;
  else {
    const sessions = (raw as unknown[]).map(fieldsOf).filter(s => s !== undefined);
    body = sessions.length
      ? sessions.map((s, i) => sessionHtml(s, i, when, label, user)).join('')
      : `<p class="muted">${forHtml(l10n.t('No session yet.'))}</p>`;
  }
  return `<section class="sessions"><h2>${forHtml(l10n.t('Sessions'))}</h2>${body}</section>`;
}
