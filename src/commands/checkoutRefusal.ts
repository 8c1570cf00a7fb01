// What git said when it would not switch branches because of the user's own files: its reason in its words, and the
// files it named. Pure: no `vscode`.

export interface CheckoutRefusal {
  /** git's sentences, on one line, its file list folded in ("…overwritten by checkout: a.ts, b.ts. Please …"). */
  reason: string;
  /** The files git named. */
  files: string[];
  /** The files are untracked ones in the way (a stash then needs them too); otherwise they have local changes. */
  untracked: boolean;
}

const WOULD_BE_OVERWRITTEN = /would be (?:overwritten|removed) by checkout:?\s*$/;

/**
 * git's refusal to check out over local changes or untracked files (`error: Your local changes to the following
 * files would be overwritten by checkout:` and the files, one per line with a tab before), or undefined when git said
 * something else.
 */
export function readCheckoutRefusal(stderr: unknown): CheckoutRefusal | undefined {
  if (typeof stderr !== 'string') return undefined;
  const lines = stderr.split(/\r?\n/);
  const head = lines.findIndex(l => WOULD_BE_OVERWRITTEN.test(l));
  if (head < 0) return undefined;
  const files: string[] = [];
  let i = head + 1;
  for (; i < lines.length && /^\t/.test(lines[i]); i++) files.push(lines[i].trim());
  if (!files.length) return undefined;
  const intro = lines[head].replace(/^(?:error|fatal):\s*/, '').replace(/:?\s*$/, '');
  const after = lines
    .slice(i)
    .map(l => l.replace(/^(?:error|fatal):\s*/, '').trim())
    .filter(l => l && l !== 'Aborting');
  const reason = [`${intro}: ${files.join(', ')}.`, ...after].join(' ');
  return { reason, files, untracked: /untracked/i.test(lines[head]) };
}
