// Files that make tools run or change what they run: VS Code's settings and tasks, CI workflows, git hooks and
// attributes, submodules, a package manifest's scripts. A change that touches one is named before it is written
// (Apply asks once), and the same list shows in Review Changes and on the task page. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';

import type { ToolFile } from '../../model/changesView';

export type { ToolFile };

const MANIFESTS = new Set(['package.json', 'composer.json']);

/** What `path` configures when it is such a file (a manifest only by name: its scripts are compared apart). */
export function toolReason(path: string, hooksDir?: string): string | undefined {
  const parts = path.split('/');
  const name = parts[parts.length - 1];
  const dirs = parts.slice(0, -1);
  if (dirs.includes('.vscode')) return l10n.t('VS Code settings, tasks or launch configurations');
  if (dirs.includes('.devcontainer') || name === '.devcontainer.json') return l10n.t('a dev container');
  if (/^\.github\/workflows\//.test(path)) return l10n.t('a CI workflow');
  if (path === '.gitlab-ci.yml' || /^\.circleci\//.test(path)) return l10n.t('a CI workflow');
  const hooks = hooksDir?.replace(/^\.\//, '').replace(/\/+$/, '');
  if (/^\.(husky|githooks)\//.test(path) || (hooks && path.startsWith(`${hooks}/`))) return l10n.t('git hooks');
  if (['.pre-commit-config.yaml', 'lefthook.yml', '.lefthook.yml'].includes(path)) return l10n.t('git hooks');
  if (name === '.gitattributes') return l10n.t('git attributes (filters and line endings)');
  if (path === '.gitmodules') return l10n.t('git submodules');
  return undefined;
}

export const isManifest = (path: string): boolean => MANIFESTS.has(path.split('/').pop() ?? '');

function scriptsOf(bytes: Buffer | undefined): string | undefined {
  if (!bytes) return undefined;
  try {
    const json = JSON.parse(bytes.toString('utf8')) as { scripts?: unknown };
    return JSON.stringify(json?.scripts ?? null);
  } catch {
    return `unreadable:${bytes.toString('base64')}`;
  }
}

/** Whether a manifest's scripts differ between two versions (a manifest that cannot be read counts as changed). */
export function scriptsChanged(before: Buffer | undefined, after: Buffer | undefined): boolean {
  const a = scriptsOf(before);
  const b = scriptsOf(after);
  if (a === undefined && b === undefined) return false;
  if (a === undefined || b === undefined) return (a ?? b) !== JSON.stringify(null);
  return a !== b;
}

export const scriptsReason = (): string => l10n.t('scripts that package tools run');

/**
 * The tool files among changed paths. `read(path)`: both versions of a manifest, to compare its scripts.
 */
export async function toolFilesOf(
  changes: ReadonlyArray<{ path: string; from?: string }>,
  read: (c: { path: string; from?: string }) => Promise<[Buffer | undefined, Buffer | undefined]>,
  hooksDir?: string,
): Promise<ToolFile[]> {
  const out: ToolFile[] = [];
  for (const c of changes) {
    const why = toolReason(c.path, hooksDir) ?? (c.from !== undefined ? toolReason(c.from, hooksDir) : undefined);
    if (why) out.push({ path: c.path, why });
    else if (isManifest(c.path) || (c.from !== undefined && isManifest(c.from))) {
      const [before, after] = await read(c);
      if (scriptsChanged(before, after)) out.push({ path: c.path, why: scriptsReason() });
    }
  }
  return out;
}
