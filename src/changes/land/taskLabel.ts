// A task named in a message: its name, with its branch (or its id) beside it, so that two tasks named alike are told
// apart.
import * as vscode from 'vscode';
import type { Task } from '../../api';
import { forMessage, plainName } from '../../safety/serviceText';

export function taskLabel(t: Task, branch?: string): string {
  const name = forMessage(plainName(t.name) || t.id, 80);
  return vscode.l10n.t('“{0}” ({1})', name, forMessage(branch ?? t.id, 120));
}
