// The notifications tab's document: our own words only (escaped all the same), one script and one style sheet from
// media/ allowed by nonce. What it is told arrives later by message and is shown as text by the script.
import * as vscode from 'vscode';
import { forHtml } from '../safety/serviceText';

export interface NotifierPage {
  nonce: string;
  cspSource: string;
  scriptUri: string;
  styleUri: string;
}

export function notifierHtml({ nonce, cspSource, scriptUri, styleUri }: NotifierPage): string {
  const csp = `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}'`;
  const t = (s: string) => forHtml(s);
  return `<!DOCTYPE html>
<html lang="${forHtml(vscode.env.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${forHtml(styleUri)}" nonce="${nonce}">
<title>${t(vscode.l10n.t('Agent Tasks Notifications'))}</title>
</head>
<body data-open="${t(vscode.l10n.t('Show Details'))}">
<h1>${t(vscode.l10n.t('Agent Tasks Notifications'))}</h1>
<p>${t(
    vscode.l10n.t(
      'While this window is in the background, this tab tells your system when one of your tasks finishes or waits for you. The setting “agentTasks.notifications.system” turns it off.',
    ),
  )}</p>
<ul id="told"></ul>
<script nonce="${nonce}" src="${forHtml(scriptUri)}"></script>
</body>
</html>`;
}
