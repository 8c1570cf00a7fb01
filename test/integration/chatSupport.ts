// Helpers of the chat-tool tests: calling a tool the way chat does (vscode.lm.invokeTool), and answering the modal
// dialog in which VS Code asks the user to confirm a tool invoked outside a chat request. That dialog is the
// workbench's own, so it is answered in the page by the test runner's dialog driver (scripts/vscode/dialogs.mjs),
// which clicks the button a test names and writes down what the dialog showed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from './tasksSupport';

export const DIALOG_DIR = process.env.AGENT_TASKS_DIALOG_DIR ?? '';

/** The text parts of a tool's result, joined. */
export async function invokeText(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content
    .map(p => (p && typeof (p as { value?: unknown }).value === 'string' ? (p as { value: string }).value : ''))
    .join('');
}

/** What a dialog showed, as the page drew it. */
export interface ShownDialog {
  title: string;
  detail: string;
  buttons: string[];
}

let seq = 0;

/**
 * Asks the runner to click `button` in the next modal dialog, and returns how to read what that dialog showed. Call
 * it before what raises the dialog; `cancel()` withdraws the answer when no dialog came.
 */
export function answerNextDialog(button: string): { shown(): Promise<ShownDialog>; cancel(): void } {
  const id = `${process.pid}-${++seq}`;
  const answer = path.join(DIALOG_DIR, 'answer.json');
  // Written whole, then renamed: the runner never reads half an answer.
  fs.writeFileSync(`${answer}.tmp`, JSON.stringify({ id, button }));
  fs.renameSync(`${answer}.tmp`, answer);
  const shownFile = path.join(DIALOG_DIR, `shown-${id}.json`);
  return {
    shown: async () => {
      await waitFor(() => fs.existsSync(shownFile), `the dialog answered for ${id}`);
      return JSON.parse(fs.readFileSync(shownFile, 'utf8')) as ShownDialog;
    },
    cancel: () => fs.rmSync(answer, { force: true }),
  };
}

/** Whether an answer is still waiting for a dialog (none came). */
export function answerPending(): boolean {
  return fs.existsSync(path.join(DIALOG_DIR, 'answer.json'));
}
