// The task page's Changes section for changes read through git (changesSection.ts draws the others): the files the
// agent's branch changes against its base (kind, +/−), its commits. Pure: no `vscode`. Paths and messages come from
// git, branch names from the service: all go into the HTML through forHtml only. Not part of the browser's build.
import { countsLabel, kindLabel, MAX_FILES, type ChangesView } from '../model/changesView';
import { forHtml } from '../safety/serviceText';
import { isoTime } from '../shared/relativeTime';
import type { TimeFormatter } from '../shared/when';
import { roundsLines } from './rounds/roundsWords';
import * as l10n from '@vscode/l10n';

/** A path or a commit's first line is the branch's to write, at any length: the page shows this much of it. */
const MAX_PATH = 1000;
const MAX_SUBJECT = 500;

/** A branch name as code: escaped here, so a translation's placeholder holds HTML that is already safe. */
const code = (ref: string) => `<code>${forHtml(ref)}</code>`;

/** The body of the section for ready changes. */
export function readyHtml(view: Extract<ChangesView, { kind: 'ready' }>, when: TimeFormatter): string {
  const t = view.totals;
  const summary =
    `<p class="summary">${
      t.files === 1
        ? l10n.t(
            '{0} against {1}: {2} file changed, +{3} −{4}',
            code(view.head),
            code(view.base),
            t.files,
            t.added,
            t.removed,
          )
        : l10n.t(
            '{0} against {1}: {2} files changed, +{3} −{4}',
            code(view.head),
            code(view.base),
            t.files,
            t.added,
            t.removed,
          )
    }</p>` +
    (view.stale
      ? `<p class="muted">${forHtml(l10n.t('Not refreshed: {0}; showing what was fetched before.', view.stale))}</p>`
      : '');
  // Whose work this is when several tasks worked on the branch (each line escaped whole).
  const rounds = view.rounds
    ? `<div class="rounds" role="note">${roundsLines(view.rounds, x => x)
        .map(line => `<p class="muted">${forHtml(line)}</p>`)
        .join('')}</div>`
    : '';
  const tools = view.toolFiles?.length
    ? `<p class="tools" role="note">${forHtml(
        l10n.t(
          'Files that configure tools (they can run programs; review them before applying): {0}',
          view.toolFiles.map(f => `${f.path} (${f.why})`).join(', '),
        ),
      )}</p>`
    : '';
  const button = view.files.length
    ? '<nav class="actions"><button type="button" data-action="reviewChanges">' +
      `${forHtml(l10n.t('Review Changes'))}</button></nav>`
    : '';
  // Each name opens the file's diff: a button (its place in the list is all it sends), drawn as a link.
  const opens = forHtml(l10n.t('Open the diff of this file'));
  const files = view.files.slice(0, MAX_FILES).map((f, i) => {
    const kind = f.kind === 'modified' ? '' : ` <span class="muted">${forHtml(kindLabel(f))}</span>`;
    const counts = `<span class="counts">${forHtml(countsLabel(f))}</span>`;
    const name =
      `<button type="button" class="file" data-action="openChange" data-file="${i}" title="${opens}">` +
      `<code dir="auto">${forHtml(f.path, MAX_PATH)}</code></button>`;
    return `<li>${name}${kind} ${counts}</li>`;
  });
  const more =
    view.files.length > MAX_FILES
      ? `<p class="muted">${forHtml(l10n.t('and {0} more', view.files.length - MAX_FILES))}</p>`
      : '';
  const commits = view.commits.map(
    c =>
      `<li><span dir="auto">${forHtml(c.subject || l10n.t('(no message)'), MAX_SUBJECT)}</span> ` +
      `<code>${forHtml(c.sha.slice(0, 7))}</code> ${commitTime(c.time, when)}</li>`,
  );
  return (
    summary +
    rounds +
    tools +
    button +
    (files.length
      ? `<ul class="files">${files.join('')}</ul>${more}`
      : `<p class="muted">${forHtml(l10n.t('No file changed.'))}</p>`) +
    (commits.length ? `<h3>${forHtml(l10n.t('Commits'))}</h3><ul class="commits">${commits.join('')}</ul>` : '')
  );
}

/** A commit's time, or "date unknown" where its author wrote one no date can hold (`@9999999999999`). */
function commitTime(ms: number, when: TimeFormatter): string {
  const iso = isoTime(ms);
  return iso ? when(iso) : `<span class="muted">${forHtml(l10n.t('date unknown'))}</span>`;
}
