import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** The default keybindings of the VS Code that runs the tests, as its own "Open Default Keyboard Shortcuts (JSON)". */
async function defaultKeybindings(): Promise<{ key: string; command: string; when?: string }[]> {
  await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
  const doc = vscode.window.activeTextEditor?.document;
  assert.ok(doc, 'the default keybindings file opens');
  const text = doc.getText();
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  // Line comments only (the file lists unbound commands as comments); no string in it holds `//` at a line's start.
  const json = text.replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(json) as { key: string; command: string; when?: string }[];
}

describe('keybindings dump', () => {
  it('dumps', async function () {
    this.timeout(60_000);
    const all = await defaultKeybindings();
    const keys = all.map(k => k.key).filter(k => /ctrl\+alt|^ctrl\+k /.test(k));
    console.log(`DUMP ${all.length} ${JSON.stringify([...new Set(keys)].sort())}`);
  });
});
