// The task page's Changes section: why the changes cannot be shown, or (changesReady.ts, read through git) the files
// the agent's branch changes against its base and its commits. Pure: no `vscode`. Text from the service and git goes
// into the HTML through forHtml only.
import type { ChangesView } from '../model/changesView';
import { forHtml } from '../safety/serviceText';
import type { TimeFormatter } from '../shared/when';
import { readyHtml } from './changesReady';
import * as l10n from '@vscode/l10n';

export { MAX_FILES } from '../model/changesView';

export function changesHtml(view: ChangesView | undefined, when: TimeFormatter): string {
  if (!view) return '';
  const section = (body: string) => `<section class="changes"><h2>${forHtml(l10n.t('Changes'))}</h2>${body}</section>`;
  switch (view.kind) {
    case 'loading':
      return section(`<p class="muted">${forHtml(l10n.t('Reading the branch…'))}</p>`);
    case 'noGit':
    case 'noBranch':
      return section(`<p class="muted">${forHtml(capitalised(view.why))}. ${forHtml(view.todo)}</p>`);
    case 'problem':
      return section(
        `<p class="error" role="alert">${forHtml(capitalised(view.why))}.</p>` +
          `<p class="muted">${forHtml(view.todo)}</p>`,
      );
    case 'ready':
      return section(readyHtml(view, when));
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
