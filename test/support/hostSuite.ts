// The mocha run behind each suite that VS Code's extension host loads through `extensionTestsPath` (the integration
// suite, the production-mode check): every compiled `*.test.js` of the suite's folder, and the summary line runners
// look for.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** Runs every compiled `*.test.js` under `dir` with mocha; settles when the suite is done. */
export function runSuite(dir: string): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 20_000,
    // Lets a developer run part of the suite: AGENT_TASKS_TEST_GREP=activation npm run test:integration
    grep: process.env.AGENT_TASKS_TEST_GREP || undefined,
  });
  const files = testFiles(dir);
  for (const f of files) mocha.addFile(f);
  return new Promise((resolve, reject) => {
    if (files.length === 0) {
      report(0, 0);
      reject(new Error(`no *.test.js files under ${dir}`));
      return;
    }
    try {
      const runner = mocha.run(failures => {
        report(runner.stats?.passes ?? 0, failures);
        if (failures > 0) reject(new Error(`${failures} test(s) failed`));
        else resolve();
      });
    } catch (err) {
      // A test file that throws while loading lands here; report it as a failed run rather than a silent one.
      report(0, 1);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(f => f.endsWith('.test.js'))
    .sort()
    .map(f => path.join(dir, f));
}

/** The summary line runners look for; also written to a file when the runner asks, so it need not parse logs. */
function report(passed: number, failed: number): void {
  const line = `${passed} passed, ${failed} failed`;
  console.log(line);
  const file = process.env.AGENT_TASKS_RESULT_FILE;
  if (file) fs.writeFileSync(file, line + '\n');
}
