// Commits a world task spells out (`tasks[i].commits`): written exactly, in order, on its head_ref when its first
// session starts (or at load when it is past queued), fetched with the real git client; and the world checks that
// refuse a bad one with the entry named.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { WorldError, startSandbox, validateWorld, type Sandbox, type WorldCommit } from '../../../src/sandbox';
import { WorldBuilder, request } from './helpers';

const run = promisify(execFile);

async function git(cwd: string, ...args: string[]): Promise<string> {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };
  return (await run('git', ['-c', 'core.quotePath=false', ...args], { cwd, env, encoding: 'utf8' })).stdout.trim();
}

const BYTES = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0, 80, 78, 71]);

const SIZE = [
  'export const größe = 1;',
  'export const width = 2;',
  'export const height = 3;',
  'export const depth = 4;',
  '',
];
const SIZE_AFTER = [...SIZE.slice(1), 'export const size = 1;\n'].join('\n');

const COMMITS: WorldCommit[] = [
  {
    message: 'Add the plan\n\nWith a body.',
    files: {
      'docs/the plan.md': '# The plan\n',
      'src/größe.ts': SIZE.join('\n'),
      'assets/logo.png': { base64: BYTES.toString('base64') },
      'src/main.ts': 'export const answer = 43;\n',
    },
  },
  {
    message: 'Move and tidy',
    files: {
      'docs/plan (final).md': { from: 'docs/the plan.md' },
      'src/size.ts': { from: 'src/größe.ts', text: SIZE_AFTER },
      'old.txt': null,
    },
  },
];

function world(state: string, commits: unknown = COMMITS) {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  const svc = b.repo('ana', 'svc');
  const tok = b.fineGrained(ana);
  b.task(svc, ana, { id: 'spelled', prompt: 'Spelled', state, head_ref: 'spelled/work', commits: commits as never });
  const w = b.build();
  w.repositories[0].git = {
    files: { 'README.md': '# svc\n', 'src/main.ts': 'export const answer = 42;\n', 'old.txt': 'old\n' },
  };
  return { world: w, tok };
}

describe('sandbox: commits a world task spells out', function () {
  this.timeout(60_000);
  let dir: string;
  let sb: Sandbox | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-spelled-'));
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const check = async () => {
    const c = path.join(dir, 'clone');
    await git(dir, 'clone', '-q', '--branch', 'spelled/work', `${sb!.url}/ana/svc.git`, c);
    assert.deepEqual(
      (await git(c, 'log', '--format=%B%x00', 'origin/main..HEAD'))
        .split('\0')
        .map(s => s.trim())
        .filter(Boolean),
      ['Move and tidy', 'Add the plan\n\nWith a body.'],
    );
    assert.equal(await git(c, 'rev-parse', 'HEAD~2'), await git(c, 'rev-parse', 'origin/main'), 'from main');
    assert.deepEqual((await git(c, 'diff', '--name-status', '-M', 'HEAD~2', 'HEAD~1')).split('\n'), [
      'A\tassets/logo.png',
      'A\tdocs/the plan.md',
      'A\tsrc/größe.ts',
      'M\tsrc/main.ts',
    ]);
    const second = (await git(c, 'diff', '--name-status', '-M', 'HEAD~1', 'HEAD')).split('\n');
    assert.deepEqual(
      second.map(l => l.replace(/^R\d+/, 'R')),
      ['R\tdocs/the plan.md\tdocs/plan (final).md', 'D\told.txt', 'R\tsrc/größe.ts\tsrc/size.ts'],
    );
    assert.deepEqual(fs.readFileSync(path.join(c, 'assets/logo.png')), BYTES);
    assert.equal(fs.readFileSync(path.join(c, 'src/size.ts'), 'utf8'), SIZE_AFTER);
    assert.equal(fs.readFileSync(path.join(c, 'docs/plan (final).md'), 'utf8'), '# The plan\n');
    assert.ok(!fs.existsSync(path.join(c, 'old.txt')));
    return git(c, 'rev-parse', 'HEAD');
  };

  it('writes them exactly when the first session starts: text, binary, deletions, renames, spaces and non-ASCII names; nothing more on later steps', async () => {
    const w = world('queued');
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    assert.doesNotMatch(await git(dir, 'ls-remote', `${sb.url}/ana/svc.git`), /spelled/, 'queued: no branch');
    await request(sb.url, 'POST', '/_sandbox/advance');
    const head = await check();
    await request(sb.url, 'POST', '/_sandbox/advance');
    assert.equal((await git(dir, 'ls-remote', `${sb.url}/ana/svc.git`, 'spelled/work')).split('\t')[0], head);
  });

  it('writes them at load for a task past queued, the same after a restart', async () => {
    const file = path.join(dir, 'state', 'state.json');
    const w = world('completed');
    sb = await startSandbox({ world: w.world, stepMs: 0, statePath: file });
    const head = await check();
    await sb.close();
    sb = await startSandbox({ stepMs: 0, statePath: file });
    assert.equal((await git(dir, 'ls-remote', `${sb.url}/ana/svc.git`, 'spelled/work')).split('\t')[0], head);
  });

  it('refuses a bad commit with the task, the commit and the path named', () => {
    const refuse = (commits: unknown, re: RegExp) =>
      assert.throws(
        () => validateWorld(world('completed', commits).world),
        (e: Error) => e instanceof WorldError && re.test(e.message),
        JSON.stringify(commits),
      );
    refuse({}, /tasks\[0\] \(spelled\): "commits" must be an array/);
    refuse([{ files: {} }], /tasks\[0\] \(spelled\): commits\[0\]: "message" must be a non-empty string/);
    refuse([{ message: 'm', files: { '../x': 'a' } }], /commits\[0\] files\["\.\.\/x"\]: the path must be a relative/);
    refuse([{ message: 'm', files: { '.git/config': 'a' } }], /files\["\.git\/config"\]: the path must be/);
    refuse([{ message: 'm', files: { a: 5 } }], /files\["a"\] must be the new text, null \(deleted\)/);
    refuse([{ message: 'm', files: { a: { base64: 'not base64!' } } }], /"base64" must be standard base64/);
    refuse([{ message: 'm', files: { b: { from: 'nope.txt' } } }], /renamed from "nope\.txt", which does not exist/);
    refuse([{ message: 'm', files: { 'nope.txt': null } }], /files\["nope\.txt"\]: deletes a file that does not exist/);
    refuse(
      [
        { message: 'm', files: { 'old.txt': null } },
        { message: 'n', files: { again: { from: 'old.txt' } } },
      ],
      /commits\[1\] files\["again"\]: renamed from "old\.txt", which does not exist at that point/,
    );
    refuse([{ message: 'm', files: { 'README.md/x': 'a' } }], /"README\.md" is a file at that point, not a folder/);
    refuse([{ message: 'm', files: { src: 'a' } }], /files\["src"\]: is a folder at that point/);
    refuse([{ message: 'm', files: { b: { from: 'old.txt' }, 'old.txt': 'x' } }], /which this commit changes too/);
    refuse([{ message: 'm', files: { 'README.md': { from: 'old.txt' } } }], /renamed onto a file that exists/);
    refuse([{ message: 'm', files: { a: { from: 'old.txt', extra: 1 } } }], /unknown key "extra"/);
    const plain = world('completed');
    delete plain.world.repositories[0].git;
    assert.throws(() => validateWorld(plain.world), /"commits" needs repository \d+ to be served with "git"/);
    const badHead = world('completed');
    badHead.world.tasks![0].head_ref = 'bad..name';
    assert.throws(() => validateWorld(badHead.world), /"commits" needs "head_ref" "bad\.\.name" to be a branch name/);
  });
});
