// The entry VS Code's extension host loads through `extensionTestsPath` (code-server runner and
// @vscode/test-electron alike): it runs every compiled `*.test.js` beside this file with mocha and settles when done.
import { runSuite } from '../support/hostSuite';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
