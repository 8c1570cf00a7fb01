// The user's git, as the built-in Git extension found it (`git.path`, or git on PATH): the program every command of
// ours runs, so the user's version, configuration and credential helpers apply.
import * as vscode from 'vscode';
import type { GitExtension } from '../model/gitApi';

export interface UsersGit {
  /** The git program, or undefined when there is none to run. */
  path(): string | undefined;
  /** Why git cannot be used, in words; undefined when it can. */
  missing(): string | undefined;
  /** The git program once the Git extension has started (it is started when it has not yet). */
  started(): Promise<string | undefined>;
}

export function usersGit(): UsersGit {
  const exported = (): GitExtension | undefined => {
    const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
    return ext?.isActive ? ext.exports : undefined;
  };
  const found = () => {
    const e = exported();
    return e?.enabled ? e.getAPI(1).git?.path : undefined;
  };
  return {
    path: found,
    missing() {
      const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
      if (!ext) return vscode.l10n.t('the built-in Git extension is not installed');
      if (!ext.isActive) return vscode.l10n.t('the Git extension has not started yet');
      if (!ext.exports.enabled) return vscode.l10n.t('the Git extension is turned off (git.enabled)');
      return found() ? undefined : vscode.l10n.t('git was not found');
    },
    async started() {
      const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
      if (!ext) return undefined;
      if (!ext.isActive) await ext.activate();
      return found();
    },
  };
}
