// How a MarkdownString will be rendered, for the test API: service text may sit only in tooltips whose links run
// nothing, that show no HTML and draw no `$(icon)`.
import type * as vscode from 'vscode';

export interface MarkdownRendering {
  trusted: boolean;
  html: boolean;
  icons: boolean;
}

export function renderingOf(md: vscode.MarkdownString): MarkdownRendering {
  return {
    trusted: md.isTrusted !== undefined && md.isTrusted !== false,
    html: md.supportHtml === true,
    icons: md.supportThemeIcons === true,
  };
}
