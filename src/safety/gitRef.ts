// A branch name from the service is checked against git's own rules (git-check-ref-format, plus what git asks of
// a branch name) before it reaches a git command: `-f` or `--upload-pack=…` would be read as an option, and a
// name git refuses would fail later with a message that names no cause.
import { forMessage } from './serviceText';
import * as l10n from '@vscode/l10n';

const MAX_LENGTH = 1024;
/** Characters git refuses anywhere in a ref: space, ~ ^ : ? * [ and backslash (controls are checked apart). */
const FORBIDDEN = /[ ~^:?*[\\]/;
// Not git's rule, ours: these draw nothing or reorder what follows, so the name shown would not be the name used.
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** Why `name` cannot be used as a branch name, or undefined when it can. The reason holds none of the name. */
export function refProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name === '') return l10n.t('it is empty');
  if (name.length > MAX_LENGTH) return l10n.t('it is longer than {0} characters', MAX_LENGTH);
  if (name.startsWith('-')) return l10n.t('it starts with “-”, so git would read it as an option');
  // eslint-disable-next-line no-control-regex -- git refuses control characters; finding them is the point
  if (/[\u0000-\u001F\u007F]/.test(name)) return l10n.t('it contains a control character');
  const bad = FORBIDDEN.exec(name);
  if (bad) return bad[0] === ' ' ? l10n.t('it contains a space') : l10n.t('it contains “{0}”', bad[0]);
  if (INVISIBLE.test(name)) return l10n.t('it contains an invisible or direction-changing character');
  if (name.includes('..')) return l10n.t('it contains “..”');
  if (name.includes('@{')) return l10n.t('it contains “@{”');
  if (name === '@') return l10n.t('it is “@”');
  if (name === 'HEAD') return l10n.t('it is “HEAD”, not a branch');
  if (name.startsWith('/') || name.endsWith('/')) return l10n.t('it starts or ends with “/”');
  if (name.includes('//')) return l10n.t('it contains “//”');
  if (name.endsWith('.')) return l10n.t('it ends with “.”');
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return l10n.t('a part of it starts with “.”');
    if (part.endsWith('.lock')) return l10n.t('a part of it ends with “.lock”');
  }
  return undefined;
}

export type RefCheck = { ok: true; ref: string } | { ok: false; reason: string };

/** The name, or a refusal for a notification that shows the name as text and says why. */
export function checkRef(name: unknown, what = l10n.t('branch')): RefCheck {
  const problem = refProblem(name);
  if (typeof name === 'string' && problem === undefined) return { ok: true, ref: name };
  const shown = typeof name === 'string' && name !== '' ? ` “${forMessage(name, 120)}”` : '';
  return {
    ok: false,
    reason: l10n.t(
      'The {0}{1} given by the service is not a valid git branch name: {2}.',
      what,
      shown,
      problem ?? l10n.t('it is not text'),
    ),
  };
}
