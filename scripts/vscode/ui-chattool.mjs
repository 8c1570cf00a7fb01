// The UI smoke's look at the chat start tool's confirmation, the one part the extension-host tests cannot reach:
// there VS Code answers its own tool confirmations without showing them. Here a fixture extension
// (test/fixtures/tool-caller) invokes the start tool outside a chat request, VS Code asks in its modal dialog, and
// the dialog is read and answered with a click, first Cancel (nothing is sent), then the confirming button.
import fs from 'node:fs';
import path from 'node:path';
import { sel } from './workbench.mjs';

const TOOL_CALLER = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test/fixtures/tool-caller');

/**
 * Puts the fixture in the run's extensions folder before code-server starts, which then installs what it finds there
 * (the workbench's payload loads only one extension under development from the server's side).
 */
export function installToolCaller(runDir) {
  fs.cpSync(TOOL_CALLER, path.join(runDir, 'extensions', 'agent-tasks-test.tool-caller-0.0.1'), { recursive: true });
}
/** The prompt test/fixtures/tool-caller/extension.js sends: a link and bold text, were it rendered as Markdown. */
const PROMPT = 'Add a [changelog](command:agentTasks.signOut) entry for **v2**';
const DIALOG = '.monaco-dialog-box';
const COMMAND = 'Tool Caller: Ask the Agent Tasks Start Tool';

async function starts(sandboxUrl) {
  const stats = await (await fetch(`${sandboxUrl}/_sandbox/stats`)).json();
  return stats.by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
}

/** Runs the fixture's command and returns the dialog VS Code shows: its text and buttons. */
async function ask(page) {
  // Driven here rather than with runCommand, which waits for the palette to clear: the dialog comes first.
  await page.keyboard.press('F1');
  await page.locator(sel.quickInputBox).fill(`>${COMMAND}`);
  await page.locator(sel.quickInputRow, { hasText: COMMAND }).first().waitFor();
  await page.keyboard.press('Enter');
  const box = page.locator(DIALOG).first();
  await box.waitFor();
  return {
    box,
    title: (await box.locator('.dialog-message-text').allInnerTexts()).join('\n'),
    detail: (await box.locator('.dialog-message-detail').allInnerTexts()).join('\n'),
    buttons: (await box.locator('.dialog-buttons .monaco-button').allInnerTexts()).map(b => b.trim()),
  };
}

/** What the fixture's invokeTool call came to: its result's text, or the error it ended with (when it writes it). */
async function reported(page, runDir) {
  const dir = path.join(runDir, 'tmp');
  const file = path.join(dir, 'tool-caller-report.json');
  const take = () => {
    const outcome = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.rmSync(file);
    return outcome;
  };
  // The event waited for: the file appears in the run's folder holding a whole JSON text.
  const ready = () => {
    try {
      JSON.parse(fs.readFileSync(file, 'utf8'));
      return true;
    } catch {
      return false;
    }
  };
  if (ready()) return take();
  await new Promise((resolve, reject) => {
    const watcher = fs.watch(dir, () => {
      if (!ready()) return;
      watcher.close();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error('the fixture reported no outcome of its tool call'));
    }, 30_000);
    if (ready()) {
      watcher.close();
      clearTimeout(timer);
      resolve();
    }
  });
  return take();
}

export async function checkChatToolConfirmation(page, { runDir, sandboxUrl, shots, check }) {
  const before = await starts(sandboxUrl);
  const first = await ask(page);
  console.log(`[ui] tool confirmation: ${JSON.stringify({ ...first, box: undefined })}`);
  if (first.title !== 'Start a cloud agent task?') throw new Error(`the dialog's title is "${first.title}"`);
  if (!/Repository: acme\/rocket/.test(first.detail)) throw new Error('the dialog does not name the repository');
  if (!first.detail.includes(PROMPT)) throw new Error('the dialog does not show the prompt as typed');
  await page.screenshot({ path: path.join(shots, '5-chat-tool-confirmation.png') });
  check('the start tool, invoked outside chat, asks in a modal dialog showing the repository and the prompt as typed');

  await first.box.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
  const cancelled = await reported(page, runDir);
  if (cancelled.outcome !== 'error') throw new Error(`the cancelled call ended with ${JSON.stringify(cancelled)}`);
  if ((await starts(sandboxUrl)) !== before) throw new Error('a start was sent although the dialog was cancelled');
  check(`Cancel in the dialog: the call ended ("${cancelled.text}") and nothing was sent`);

  const second = await ask(page);
  const confirm = second.buttons.find(b => b !== 'Cancel');
  await second.box.locator('.dialog-buttons .monaco-button', { hasText: confirm }).first().click();
  const result = await reported(page, runDir);
  if (result.outcome !== 'result' || !result.text.startsWith('Started task'))
    throw new Error(`the confirmed call ended with ${JSON.stringify(result)}`);
  if ((await starts(sandboxUrl)) !== before + 1) throw new Error('the confirmed start was not sent exactly once');
  await page.screenshot({ path: path.join(shots, '6-chat-tool-started.png') });
  check(`"${confirm}" in the dialog: the task started ("${result.text.slice(0, 90)}…")`);
}
