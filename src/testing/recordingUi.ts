// The `Ui` of development and test mode: every message and question is recorded, and questions are answered as a
// test told (`answer`), or by the window when it told nothing. Never built in production.
import type * as vscode from 'vscode';
import type { Level, Ui } from '../ui';

export interface Answers {
  /** The answer to every confirmation (default: yes). */
  confirm?: boolean;
  /** Chooses among the items of a quick pick; none: dismissed. */
  pick?: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined;
  /** What is typed into an input box; none: dismissed. */
  input?: string;
}

export type Said = { level: Level; text: string; actions: string[] };
export type Asked =
  | { kind: 'confirm'; text: string }
  | { kind: 'pick'; labels: string[]; placeHolder: string }
  | { kind: 'input'; text: string };

export class RecordingUi implements Ui {
  readonly said: Said[] = [];
  readonly asked: Asked[] = [];
  /** Every address handed to the window to open. */
  readonly opened: string[] = [];
  private answers: Answers | undefined;
  /** The quick pick made last (through `quickPick`) while it is open: a test types into it and reads its rows. */
  openQuickPick: vscode.QuickPick<vscode.QuickPickItem> | undefined;

  constructor(private readonly window: Ui) {}

  /** From now on, questions are answered from `answers`; undefined hands them back to the window. */
  answer(answers: Answers | undefined): void {
    this.answers = answers;
  }

  notify(level: Level, text: string, ...actions: string[]): Promise<string | undefined> {
    this.said.push({ level, text, actions });
    // Shown in the window too, unless a test answers: then the test reads it here, as it reads the questions.
    return this.answers ? Promise.resolve(undefined) : this.window.notify(level, text, ...actions);
  }

  confirm(message: string, detail: string, action: string): Promise<boolean> {
    this.asked.push({ kind: 'confirm', text: `${message} ${detail}` });
    return this.answers ? Promise.resolve(this.answers.confirm ?? true) : this.window.confirm(message, detail, action);
  }

  pick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string },
  ): Promise<T | undefined> {
    this.asked.push({ kind: 'pick', labels: items.map(i => i.label), placeHolder: options.placeHolder });
    if (!this.answers) return this.window.pick(items, options);
    return Promise.resolve(this.answers.pick?.(items) as T | undefined);
  }

  input(options: {
    title: string;
    prompt: string;
    validate(value: string): string | undefined;
  }): Promise<string | undefined> {
    this.asked.push({ kind: 'input', text: options.prompt });
    return this.answers ? Promise.resolve(this.answers.input) : this.window.input(options);
  }

  quickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> {
    const qp = this.window.quickPick<T>();
    this.openQuickPick = qp;
    qp.onDidHide(() => {
      if (this.openQuickPick === (qp as unknown)) this.openQuickPick = undefined;
    });
    return qp;
  }

  open(url: string): Promise<boolean> {
    this.opened.push(url);
    // A test that answers reads the address here; no browser is started.
    return this.answers ? Promise.resolve(true) : this.window.open(url);
  }
}
