// Every message and simple question the extension puts to the user goes through a `Ui`: the window's in use, a
// recording one in development and test mode (see testing/), so tests read what was said and answer what was asked.
import * as vscode from 'vscode';
import { checkedSecret } from './checkedSecret';

export type Level = 'info' | 'warning' | 'error';

export interface Ui {
  /** A message with optional buttons; resolves with the button chosen. Callers do not wait for it. */
  notify(level: Level, text: string, ...actions: string[]): Promise<string | undefined>;
  /**
   * A message whose buttons mean something only for a while (Undo, until it is done or another apply lands): it goes
   * when `until` settles, or after `OFFER_MS`. Each button runs one of the extension's commands, with no arguments.
   */
  offer(level: Level, text: string, buttons: readonly OfferButton[], until: PromiseLike<unknown>): void;
  /** A passing word in the status bar, gone after a few seconds: for news that needs no notification. */
  status(text: string): void;
  /** A modal yes/no question; true only when the user chose `action`. */
  confirm(message: string, detail: string, action: string): Promise<boolean>;
  pick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string },
  ): Promise<T | undefined>;
  /**
   * A pick that also takes what is typed: `typed` is a row of `items` that stays shown whatever is typed; Enter on it
   * with text typed (it is the row left when the text matches no other) resolves with that text, not the row.
   */
  pickOrType<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string; typed: T },
  ): Promise<T | string | undefined>;
  /** Several of a list (those `picked` are ticked at first); undefined when dismissed. */
  pickMany<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title?: string; placeHolder: string },
  ): Promise<T[] | undefined>;
  /** A line of text; undefined when dismissed. `validate` returns an error text or undefined. */
  input(options: {
    title?: string;
    prompt: string;
    /** What the box holds when it opens. */
    value?: string;
    validate(value: string): string | undefined;
  }): Promise<string | undefined>;
  /**
   * A line of text that is kept while it is typed: `changed` hears every value typed, and an accept that `refuse`
   * finds fault with stays open saying why. Resolves with the text accepted; undefined when dismissed.
   */
  compose(options: {
    title: string;
    prompt: string;
    value?: string;
    placeHolder?: string;
    changed(value: string): void;
    refuse(value: string): string | undefined;
  }): Promise<string | undefined>;
  /**
   * A secret (a token): like `input`, but the box masks what is typed. Every secret is asked here, never through
   * `input`, so no screen, screenshot or screen share shows one.
   */
  secret(options: {
    title?: string;
    prompt: string;
    validate(value: string): string | undefined;
    /**
     * Checks what is typed when Enter is pressed (the box busy meanwhile): a text is a refusal, said in the box, which
     * stays open for another try; undefined accepts it.
     */
    accept?: (value: string) => Promise<string | undefined>;
  }): Promise<string | undefined>;
  /** Opens an address outside the editor. Only `openAddress` calls it, once the address is checked. */
  open(url: string): Promise<boolean>;
  /** Opens a local folder in a new window. */
  openWindow(folder: string): Promise<void>;
  /** A quick pick its caller fills, shows and disposes: for items that arrive while it is open, or row buttons. */
  quickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T>;
}

/** A button of an offer: its title, and the command it runs. */
export interface OfferButton {
  title: string;
  command: string;
}

/** How long an offer stays at most: the window cannot close it before then, and its command stays in the palette. */
export const OFFER_MS = 20_000;

/** A button beside a message, and what it does. */
export interface Action {
  title: string;
  run(): unknown;
}

/** Says something with its buttons and runs the one chosen; does not wait for the user. */
export function tell(ui: Ui, level: Level, text: string, actions: Action[] = []): void {
  void ui.notify(level, text, ...actions.map(a => a.title)).then(
    choice => actions.find(a => a.title === choice)?.run(),
    () => undefined,
  );
}

/** What the window's input box is opened with: one place, so a test reads the very options a box gets. */
export function inputBoxOptions(
  options: { title?: string; prompt: string; value?: string; validate(value: string): string | undefined },
  secret: boolean,
): vscode.InputBoxOptions {
  return {
    title: options.title,
    prompt: options.prompt,
    ...(options.value !== undefined && !secret ? { value: options.value } : {}),
    password: secret,
    ignoreFocusOut: true,
    validateInput: v => options.validate(v),
  };
}

export const windowUi: Ui = {
  async notify(level, text, ...actions) {
    const show =
      level === 'error'
        ? vscode.window.showErrorMessage
        : level === 'warning'
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    return show(text, ...actions);
  },
  offer(_level, text, buttons, until) {
    // A message shown with `showInformationMessage` cannot be closed by the extension; one shown as a notification's
    // progress can, by ending it. Its buttons are links in its text (VS Code runs a command link in a message).
    const links = buttons.map(b => `[${b.title}](command:${b.command})`).join(' ');
    const ended = new Promise<void>(resolve => {
      const timer = setTimeout(resolve, OFFER_MS);
      void Promise.resolve(until).finally(() => (clearTimeout(timer), resolve()));
    });
    void vscode.window.withProgress(
      // Always an information's look (a progress notification has no other): the text says what went wrong, if any.
      { location: vscode.ProgressLocation.Notification, title: `${text} ${links}` },
      progress => {
        progress.report({ increment: 100 }); // done: no busy bar
        return ended;
      },
    );
  },
  status(text) {
    vscode.window.setStatusBarMessage(text, 8000);
  },
  async confirm(message, detail, action) {
    return (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
  },
  async pick(items, options) {
    return vscode.window.showQuickPick(items, {
      ...options,
      matchOnDescription: true,
      matchOnDetail: true,
      ignoreFocusOut: true,
    });
  },
  pickOrType(items, options) {
    return pickOrType(items, options);
  },
  async pickMany(items, options) {
    return vscode.window.showQuickPick(items, {
      ...options,
      canPickMany: true,
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
  },
  async input(options) {
    return vscode.window.showInputBox(inputBoxOptions(options, false));
  },
  async secret(options) {
    if (!options.accept) return vscode.window.showInputBox(inputBoxOptions(options, true));
    return checkedSecret(inputBoxOptions(options, true), v => options.validate(v), options.accept);
  },
  compose(options) {
    return new Promise(resolve => {
      const box = vscode.window.createInputBox();
      box.title = options.title;
      box.prompt = options.prompt;
      box.value = options.value ?? '';
      box.placeholder = options.placeHolder;
      box.ignoreFocusOut = true;
      let accepted = false;
      box.onDidChangeValue(v => {
        box.validationMessage = undefined;
        options.changed(v);
      });
      box.onDidAccept(() => {
        const refused = options.refuse(box.value);
        if (refused !== undefined) {
          box.validationMessage = refused;
          return;
        }
        accepted = true;
        resolve(box.value);
        box.hide();
      });
      box.onDidHide(() => {
        if (!accepted) resolve(undefined);
        box.dispose();
      });
      box.show();
    });
  },
  async open(url) {
    // The one call of openExternal in the extension: every address reaches it through openAddress.
    return vscode.env.openExternal(vscode.Uri.parse(url, true));
  },
  async openWindow(folder) {
    await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(folder), { forceNewWindow: true });
  },
  quickPick() {
    return vscode.window.createQuickPick();
  },
};

/** The window's pick that takes typed text too (see `Ui.pickOrType`). */
function pickOrType<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: { title?: string; placeHolder: string; typed: T },
): Promise<T | string | undefined> {
  return new Promise(resolve => {
    const qp = vscode.window.createQuickPick<T>();
    qp.title = options.title;
    qp.placeholder = options.placeHolder;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.ignoreFocusOut = true;
    // The row of typed text stays in the list, below the rows that match: the last one left when none does.
    const typed: T = { ...options.typed, alwaysShow: true };
    const withHint: T = { ...typed, description: vscode.l10n.t('Enter takes what you typed') };
    const rows = (hint: boolean) => items.map(i => (i === options.typed ? (hint ? withHint : typed) : i));
    qp.items = rows(false);
    let hinted = false;
    let done = false;
    qp.onDidChangeValue(v => {
      if (hinted === (v.trim() !== '')) return;
      hinted = !hinted;
      qp.items = rows(hinted);
    });
    qp.onDidAccept(() => {
      const active = qp.activeItems[0];
      const text = qp.value.trim();
      if ((active === undefined || active === typed || active === withHint) && text) {
        done = true;
        resolve(qp.value);
      } else if (active === typed || active === withHint) {
        done = true;
        resolve(options.typed);
      } else if (active !== undefined) {
        done = true;
        resolve(active);
      } else return;
      qp.hide();
    });
    qp.onDidHide(() => {
      if (!done) resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}
