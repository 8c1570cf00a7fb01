// Modules that run in plain Node too (tests import them) cannot import `vscode`, so they say their words with
// `l10n.t` from '@vscode/l10n'. In the extension's bundles that import resolves here (scripts/build.mjs): their words
// go through VS Code's own `l10n.t`, which reads the bundle VS Code chose for the display language, as every other
// word of the extension does. One translation, and the library (which loads the file system at load) is not bundled.
import * as vscode from 'vscode';

type T = typeof vscode.l10n.t;

/** `vscode.l10n.t`, read when called (the same signatures as '@vscode/l10n'). */
export const t: T = ((...args: Parameters<T>) => (vscode.l10n.t as (...a: Parameters<T>) => string)(...args)) as T;
