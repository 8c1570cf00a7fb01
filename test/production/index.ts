// The entry the production-mode check (scripts/vscode/production-check.mjs) gives VS Code's extension host through
// `extensionTestsPath`: every compiled `*.test.js` beside this file.
import { runSuite } from '../support/hostSuite';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
