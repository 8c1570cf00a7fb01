// The words of the code reach translators and come back: vscode-l10n-dev's export finds them (also in modules that
// run in plain Node and say them through '@vscode/l10n'), the committed bundle is that export, and a module given a
// translated bundle speaks it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { explain, NoServiceError } from '../../../src/errors/userErrors';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

describe('l10n bundle', function () {
  this.timeout(60_000);
  let exported: Record<string, unknown>;
  before(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'l10n-test-'));
    try {
      const cli = path.join(ROOT, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
      execFileSync(process.execPath, [cli, 'export', '--outDir', dir, './src'], { cwd: ROOT, stdio: 'pipe' });
      exported = JSON.parse(fs.readFileSync(path.join(dir, 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds words said through vscode.l10n.t and through @vscode/l10n', () => {
    for (const key of [
      // vscode.l10n.t in modules of the extension host
      'No task has a branch to review yet.', // changes/changesCommands.ts
      'Waiting for you', // shared/stateStyle.ts
      'Agent Tasks: {0} queued, {1} running', // status/statusBar.ts
      // l10n.t from '@vscode/l10n' in modules that plain-Node tests import
      '{0} needs {1}, and none is set. {2}', // errors/installationErrors.ts
      'No service is configured. Set "agentTasks.serviceUrl" or try the built-in sandbox.', // errors/userErrors.ts
      'Reading the sessions…', // taskPage/pageSections.ts
      'Push {0} to a new branch and start a task?', // handoff/handoffPlan.ts
    ])
      assert.ok(key in exported, key);
  });

  it('is committed as exported (npm run l10n)', () => {
    const committed = JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.json'), 'utf8')) as unknown;
    assert.deepEqual(committed, exported);
  });
});

describe('l10n at run time, in plain Node', () => {
  after(() => l10n.config({ contents: {} }));

  it('a module says the translation it is given, with the values in their places', () => {
    l10n.config({
      contents: {
        'No service is configured. Set "agentTasks.serviceUrl" or try the built-in sandbox.': 'Kein Dienst.',
      },
    });
    assert.equal(explain(new NoServiceError()).text, 'Kein Dienst.');
  });

  it('says the English words when no bundle is given', () => {
    l10n.config({ contents: {} });
    assert.match(explain(new NoServiceError()).text, /^No service is configured\./);
  });
});
