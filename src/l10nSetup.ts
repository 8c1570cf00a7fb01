// Modules that run in plain Node too (tests import them) cannot import `vscode`, so they say their words with
// `l10n.t` from '@vscode/l10n'; in the extension host that library is handed the bundle VS Code chose for the display
// language. Imported first by extension.ts, so it runs before any module builds a table of words at load time.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
