import * as vscode from 'vscode';

// Wiring only: every feature is built here, handed its dependencies, and registered for disposal.
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Agent Tasks', { log: true });
  context.subscriptions.push(log);
  log.info('[extension] activated');
}

export function deactivate(): void {}
