// Every question and message of the Installations commands goes through this interface, so that integration
// tests can answer the confirmations (and read the messages) instead of the confirmations being skipped.
import * as vscode from 'vscode';

export type Level = 'info' | 'warning' | 'error';

export interface Prompt {
  /** A modal yes/no question; true only when the user chose `action`. */
  confirm(message: string, detail: string, action: string): Promise<boolean>;
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: { title: string; placeHolder: string }): Promise<T | undefined>;
  /** A line of text; undefined when dismissed. `validate` returns an error text or undefined. */
  input(options: { title: string; prompt: string; validate(value: string): string | undefined }): Promise<string | undefined>;
  /** A message with optional buttons; resolves with the button chosen. Callers do not wait for it. */
  notify(level: Level, message: string, actions?: string[]): Promise<string | undefined>;
}

export const windowPrompt: Prompt = {
  async confirm(message, detail, action) {
    const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
    return choice === action;
  },
  async pick(items, options) {
    return vscode.window.showQuickPick(items, { ...options, matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true });
  },
  async input(options) {
    return vscode.window.showInputBox({ ...options, ignoreFocusOut: true, validateInput: v => options.validate(v) });
  },
  async notify(level, message, actions = []) {
    const show = level === 'error' ? vscode.window.showErrorMessage : level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return show(message, ...actions);
  },
};

/** The optional last argument of each command: callers (tests, other commands) may bring their own prompt. */
export interface CommandOptions {
  prompt?: Partial<Prompt>;
}

export function isCommandOptions(x: unknown): x is CommandOptions {
  return typeof x === 'object' && x !== null && 'prompt' in x && typeof (x as { prompt: unknown }).prompt === 'object';
}

export function promptFrom(options: CommandOptions | undefined): Prompt {
  return { ...windowPrompt, ...(options?.prompt ?? {}) };
}
