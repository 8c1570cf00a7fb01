// The demo workspace (scripts/vscode/demo.mjs ensureDemoRepo) pushes to the sandbox without asking, and its token is
// in that repository's own .git/config only: not in the helper's command, not in any other file of the workspace,
// not handed to a credential helper of the user's global configuration.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_TOKENS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';

const run = promisify(execFile);
const DEMO = path.resolve(__dirname, '../../../../scripts/vscode/demo.mjs');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(e => e.isFile())
    .map(e => path.join(e.parentPath, e.name));
}

describe('demo workspace push credential', function () {
  this.timeout(60_000);
  let dir: string;
  let sb: Sandbox | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-push-'));
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pushes with no prompt; the token is only in the workspace .git/config, readable by its owner', async () => {
    sb = await startSandbox({ world: demoWorld(), stepMs: 0 });
    const work = path.join(dir, 'rocket');
    const make = async (url: string) =>
      run(process.execPath, [
        '--input-type=module',
        '-e',
        `import { ensureDemoRepo } from ${JSON.stringify(DEMO)}; ensureDemoRepo(process.argv[1], process.argv[2]);`,
        work,
        url,
      ]);
    await make('http://127.0.0.1:1'); // an earlier run on another port
    await make(sb.url);
    // The user's own global helper would store whatever it is told: it must be neither asked nor told.
    const stored = path.join(dir, 'global-store');
    const global = path.join(dir, 'global.gitconfig');
    fs.writeFileSync(global, `[credential]\n\thelper = store --file ${stored}\n`);
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: global, GIT_TERMINAL_PROMPT: '0' };
    const git = async (...args: string[]) => (await run('git', args, { cwd: work, env })).stdout.trim();
    await git('commit', '-q', '--allow-empty', '-m', 'pushed from the demo workspace');
    await git('push', '-q', 'origin', 'HEAD:refs/heads/demo/pushed');
    assert.match(await git('ls-remote', 'origin', 'refs/heads/demo/pushed'), /refs\/heads\/demo\/pushed/);
    assert.equal(fs.existsSync(stored), false, 'no other helper was told the token');

    const helpers = (await git('config', '--get-regexp', '^credential\\..*\\.helper$')).split('\n');
    assert.equal(helpers.length, 2, `one empty helper and ours, for this port only: ${helpers.join(' | ')}`);
    assert.ok(helpers.every(h => h.startsWith(`credential.${sb!.url}.helper`)));
    assert.ok(
      helpers.every(h => !h.includes(DEMO_TOKENS.fineGrained)),
      'the token is not in the command',
    );
    const config = path.join(work, '.git', 'config');
    assert.equal(fs.statSync(config).mode & 0o777, 0o600);
    const holding = filesUnder(dir).filter(f => fs.readFileSync(f).includes(DEMO_TOKENS.fineGrained));
    assert.deepEqual(holding, [config]);
  });
});
