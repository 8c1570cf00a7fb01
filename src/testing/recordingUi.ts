// The `Ui` of development and test mode: every message and question is recorded, and questions are answered as a
// test told (`answer`), or by the window when it told nothing. Never built in production.
import * as vscode from 'vscode';
import { inputBoxOptions, type Level, type OfferButton, type Ui } from '../ui';

export interface Answers {
  /** The answer to every confirmation (default: yes). */
  confirm?: boolean;
  /** Chooses among the items of a quick pick; none: dismissed. */
  pick?: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined;
  /** Typed into a pick that takes typed text (instead of choosing a row with `pick`). */
  typed?: string;
  /** Chooses several of a list (each item's `picked` says what is ticked at first); none: dismissed. */
  pickMany?: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem[] | undefined;
  /** The button pressed on a message (its text and buttons given); none: the message is closed unanswered. */
  action?: (text: string, actions: readonly string[]) => string | undefined;
  /**
   * What is typed into an input box (or, as a function, given what the box holds at first, and the refusal it shows
   * when what was typed before was refused); none: dismissed.
   */
  input?: string | ((box: { prompt: string; value?: string; refused?: string }) => string | undefined);
}

/**
 * `status`: a passing word in the status bar, not a notification. `gone`: an offer (`Ui.offer`) that has gone, its
 * buttons with it.
 */
export type Said = { level: Level | 'status'; text: string; actions: string[]; gone?: boolean };
export type Asked =
  | { kind: 'confirm'; text: string }
  | { kind: 'pick'; labels: string[]; placeHolder: string; descriptions?: (string | undefined)[]; title?: string }
  | { kind: 'input'; text: string; password: boolean; refused?: string };

type InputOptions = Parameters<Ui['input']>[0];

export class RecordingUi implements Ui {
  readonly said: Said[] = [];
  readonly asked: Asked[] = [];
  /** Every address handed to the window to open. */
  readonly opened: string[] = [];
  private answers: Answers | undefined;
  /** The quick pick made last (through `quickPick`) while it is open: a test types into it and reads its rows. */
  openQuickPick: vscode.QuickPick<vscode.QuickPickItem> | undefined;
  /** Every list of rows handed to that pick, in order: each assignment of `items` is sent to the window whole. */
  openQuickPickDrawings: readonly (readonly vscode.QuickPickItem[])[] = [];

  constructor(private readonly window: Ui) {}

  /** From now on, questions are answered from `answers`; undefined hands them back to the window. */
  answer(answers: Answers | undefined): void {
    this.answers = answers;
  }

  notify(level: Level, text: string, ...actions: string[]): Promise<string | undefined> {
    this.said.push({ level, text, actions });
    // Shown in the window too, unless a test answers: then the test reads it here, as it reads the questions.
    if (!this.answers) return this.window.notify(level, text, ...actions);
    return Promise.resolve(this.answers.action?.(text, actions));
  }

  offer(level: Level, text: string, buttons: readonly OfferButton[], until: PromiseLike<unknown>): void {
    const said: Said = { level, text, actions: buttons.map(b => b.title), gone: false };
    this.said.push(said);
    void Promise.resolve(until).finally(() => (said.gone = true));
    if (!this.answers) return this.window.offer(level, text, buttons, until);
    // A test presses a button as a user clicks its link: the command runs.
    const chosen = this.answers.action?.(text, said.actions);
    const button = buttons.find(b => b.title === chosen);
    if (button) void vscode.commands.executeCommand(button.command);
  }

  status(text: string): void {
    this.said.push({ level: 'status', text, actions: [] });
    if (!this.answers) this.window.status(text);
  }

  confirm(message: string, detail: string, action: string): Promise<boolean> {
    this.asked.push({ kind: 'confirm', text: `${message} ${detail}` });
    return this.answers ? Promise.resolve(this.answers.confirm ?? true) : this.window.confirm(message, detail, action);
  }

  pick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string },
  ): Promise<T | undefined> {
    const descriptions = items.map(i => i.description);
    const title = options.title;
    this.asked.push({
      kind: 'pick',
      labels: items.map(i => i.label),
      placeHolder: options.placeHolder,
      descriptions,
      title,
    });
    if (!this.answers) return this.window.pick(items, options);
    return Promise.resolve(this.answers.pick?.(items) as T | undefined);
  }

  pickOrType<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string; typed: T },
  ): Promise<T | string | undefined> {
    const descriptions = items.map(i => i.description);
    this.asked.push({ kind: 'pick', labels: items.map(i => i.label), placeHolder: options.placeHolder, descriptions });
    if (!this.answers) return this.window.pickOrType(items, options);
    const a = this.answers.typed;
    return Promise.resolve(a !== undefined ? a : (this.answers.pick?.(items) as T | undefined));
  }

  pickMany<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string },
  ): Promise<T[] | undefined> {
    const descriptions = items.map(i => i.description);
    this.asked.push({ kind: 'pick', labels: items.map(i => i.label), placeHolder: options.placeHolder, descriptions });
    if (!this.answers) return this.window.pickMany(items, options);
    return Promise.resolve(this.answers.pickMany?.(items) as T[] | undefined);
  }

  input(options: InputOptions): Promise<string | undefined> {
    this.asked.push({ kind: 'input', text: options.prompt, password: this.masked(options, false) });
    return this.answers ? Promise.resolve(this.typed(options)) : this.window.input(options);
  }

  secret(options: Parameters<Ui['secret']>[0]): Promise<string | undefined> {
    const password = this.masked(options, true);
    this.asked.push({ kind: 'input', text: options.prompt, password });
    if (!this.answers) return this.window.secret(options);
    if (!options.accept) return Promise.resolve(this.typed(options));
    return this.checkedSecret(options, options.accept, password);
  }

  /**
   * A box checked on Enter: a refusal keeps it open, recorded as asked again with the refusal, and the test's answer
   * is asked again, given the refusal; the same text typed again after its refusal counts as giving up.
   */
  private async checkedSecret(
    options: Parameters<Ui['secret']>[0],
    accept: (value: string) => Promise<string | undefined>,
    password: boolean,
  ): Promise<string | undefined> {
    let refused: string | undefined;
    let last: string | undefined;
    for (;;) {
      const a = this.answers?.input;
      const typed = typeof a === 'function' ? a({ prompt: options.prompt, refused }) : a;
      if (typed === undefined || typed === last || options.validate(typed) !== undefined) return undefined;
      last = typed;
      refused = await accept(typed);
      if (refused === undefined) return typed;
      this.asked.push({ kind: 'input', text: options.prompt, password, refused });
    }
  }

  /**
   * A box kept as it is typed: what a test types is heard as typed, then accepted; an answer the box refuses is
   * recorded as said (a warning) and the box counts as dismissed, as a user who gave up.
   */
  compose(options: Parameters<Ui['compose']>[0]): Promise<string | undefined> {
    this.asked.push({ kind: 'input', text: options.prompt, password: false });
    if (!this.answers) return this.window.compose(options);
    const typed = this.typed(options);
    if (typed === undefined) return Promise.resolve(undefined);
    options.changed(typed);
    const refused = options.refuse(typed);
    if (refused === undefined) return Promise.resolve(typed);
    this.said.push({ level: 'warning', text: refused, actions: [] });
    return Promise.resolve(undefined);
  }

  /** What a test said is typed into a box: as given, or answered from what the box holds at first. */
  private typed(options: { prompt: string; value?: string }): string | undefined {
    const a = this.answers?.input;
    return typeof a === 'function' ? a({ prompt: options.prompt, value: options.value }) : a;
  }

  /** Whether the window's box for this question masks what is typed: read from the options it is opened with. */
  private masked(options: InputOptions, secret: boolean): boolean {
    return inputBoxOptions(options, secret).password === true;
  }

  quickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> {
    const qp = this.window.quickPick<T>();
    this.openQuickPick = qp;
    this.openQuickPickDrawings = recordDrawings(qp);
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

  openWindow(folder: string): Promise<void> {
    // Recorded as the folder's file address, beside the addresses opened outside the editor.
    this.opened.push(`file://${folder}`);
    return this.answers ? Promise.resolve() : this.window.openWindow(folder);
  }
}

/** Records each assignment of the pick's `items`, on this pick alone (VS Code's setter, found on its prototypes). */
function recordDrawings(qp: vscode.QuickPick<vscode.QuickPickItem>): (readonly vscode.QuickPickItem[])[] {
  const drawings: (readonly vscode.QuickPickItem[])[] = [];
  let proto: object | null = Object.getPrototypeOf(qp) as object | null;
  while (proto && !Object.getOwnPropertyDescriptor(proto, 'items'))
    proto = Object.getPrototypeOf(proto) as object | null;
  const d = proto ? Object.getOwnPropertyDescriptor(proto, 'items') : undefined;
  if (!d?.get || !d.set) throw new Error("the quick pick's items accessor was not found");
  Object.defineProperty(qp, 'items', {
    configurable: true,
    get: () => d.get!.call(qp) as readonly vscode.QuickPickItem[],
    set: (items: readonly vscode.QuickPickItem[]) => {
      drawings.push(items);
      d.set!.call(qp, items);
    },
  });
  return drawings;
}
