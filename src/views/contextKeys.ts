import * as vscode from 'vscode';
import { CONTEXT } from '../ids';

/** The context keys the manifest's `when` clauses read; each is sent to VS Code only when its value changes. */
export class ContextKeys {
  private readonly values = new Map<string, unknown>();

  set(key: keyof typeof CONTEXT, value: unknown): void {
    const id = CONTEXT[key];
    if (this.values.get(id) === value) return;
    this.values.set(id, value);
    void vscode.commands.executeCommand('setContext', id, value);
  }

  /** The keys as last set, by their ids. */
  snapshot(): Record<string, unknown> {
    return Object.fromEntries(this.values);
  }
}
