// The entry of the network suite (scripts/vscode/network-tests.mjs runs it once per network configuration, each in
// a VS Code of its own): every compiled `*.test.js` beside this file.
import { runSuite } from '../support/hostSuite';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
