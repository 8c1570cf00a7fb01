import * as vscode from 'vscode';
import { CONTEXT } from '../ids';
import type { Observers } from '../observers';

/** The context keys the manifest's `when` clauses read; each is sent to VS Code only when its value changes. */
export class ContextKeys {
  private readonly values = new Map<string, unknown>();

  constructor(private readonly observers: Observers = {}) {}

  set(key: keyof typeof CONTEXT, value: unknown): void {
    const id = CONTEXT[key];
    if (this.values.get(id) === value) return;
    this.values.set(id, value);
    void vscode.commands.executeCommand('setContext', id, value);
    this.observers.contextKey?.(id, value);
  }
}
