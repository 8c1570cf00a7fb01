// A hostile agent's branches, end to end in the real VS Code: trees made object by object (a link out of the
// repository and a file through it, listed twice; `LINK -> .git` beside `link/config`, a valid tree) are pushed to the
// sandbox's git as the tasks' branches; the extension fetches them as any task's and Apply Changes refuses, naming the
// paths. Nothing outside the workspace changes, every file of .git is as it was, and no program of the branch runs.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { git, workspace } from './changesSupport';
import { DEMO_TOKENS, demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

const run = promisify(execFile);
const nonce = randomBytes(4).toString('hex');
const DUP = { id: `hostile-dup-${nonce}`, head: `agent/outside-${nonce}` };
const CASE = { id: `hostile-case-${nonce}`, head: `agent/case-${nonce}` };
const FETCHED = { id: `hostile-fetched-${nonce}`, head: `agent/fetched-${nonce}` };
const ATTR = { id: `hostile-attr-${nonce}`, head: `agent/attr-${nonce}` };

function world(): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  const task = (t: { id: string; head: string }) => ({
    id: t.id,
    repository: 5000,
    creator: 1001,
    prompt: `Hostile ${t.id}`,
    state: 'completed',
    base_ref: 'main',
    head_ref: t.head,
    created_at: now,
    updated_at: now,
    // The sandbox writes nothing on the branch: the test pushes it.
    commits: [],
  });
  w.tasks = [...(w.tasks ?? []), task(DUP), task(CASE), task(FETCHED), task(ATTR)];
  return w;
}

/** Every file under `dir` (names, modes, bytes), hashed one by one: a difference names the file. */
function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of fs.readdirSync(d).sort()) {
      const abs = path.join(d, name);
      const st = fs.lstatSync(abs);
      const h = createHash('sha256').update(`${st.mode}\0`);
      if (st.isDirectory()) walk(abs);
      else if (st.isSymbolicLink()) h.update(fs.readlinkSync(abs));
      else h.update(fs.readFileSync(abs));
      out[path.relative(dir, abs)] = h.digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * What of .git is the user's and must not move: every file (config, hooks, info, HEAD…) as bytes, and the refs and
 * index entries as git reads them. Left out as files: git's object store (a refused fetch leaves git's temporary pack
 * there) and the files git rewrites on its own in a window where the Git extension runs (index stat data, packed refs).
 */
async function gitState(root: string): Promise<Record<string, string>> {
  const files = hashTree(path.join(root, '.git'));
  const kept = Object.entries(files).filter(([name]) => !/^(objects|refs|logs)(\/|$)|^(index|packed-refs)$/.test(name));
  return {
    ...Object.fromEntries(kept),
    refs: await git(root, ['for-each-ref', '--format=%(refname) %(objectname)']),
    index: await git(root, ['ls-files', '-s']),
  };
}

describe('land a hostile branch', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  let maker = '';
  let sentinel = '';
  const marker = () => path.join(sentinel, 'ran');

  /** git in the maker's repository, whose objects never reach the workspace but through the product's fetch. */
  const make = async (args: string[], input?: string): Promise<string> => {
    const child = run('git', args, {
      cwd: maker,
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: '0',
        PUSH_TOKEN: DEMO_TOKENS.fineGrained,
        ...{ GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.invalid' },
        ...{ GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.invalid' },
      },
    });
    if (input !== undefined) child.child.stdin?.end(input);
    return (await child).stdout.trim();
  };
  const blob = async (text: string) => make(['hash-object', '-w', '--stdin'], text);
  const tree = async (lines: string[]) => make(['mktree', '-z'], lines.map(l => `${l}\0`).join(''));
  const push = async (branch: string, extra: string[]) => {
    const main = (await git(workspace(), ['rev-parse', 'origin/main'])).trim();
    const entries = (await git(workspace(), ['ls-tree', '-z', main])).split('\0').filter(Boolean);
    const commit = await make(['commit-tree', '-p', main, '-m', 'hostile', await tree([...entries, ...extra])]);
    const url = (await git(workspace(), ['remote', 'get-url', 'origin'])).trim();
    const helper = 'credential.helper=!f() { test "$1" = get && echo username=x && echo "password=$PUSH_TOKEN"; }; f';
    await make(['-c', helper, 'push', '-q', url, `${commit}:refs/heads/${branch}`]);
  };

  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    sentinel = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-sentinel-'));
    fs.writeFileSync(path.join(sentinel, 'keep.txt'), 'untouched\n');
    maker = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-maker-'));
    await make(['init', '-q']);
    fs.writeFileSync(path.join(maker, '.git/objects/info/alternates'), `${path.join(workspace(), '.git/objects')}\n`);
    const config = `[core]\n\tfsmonitor = touch '${marker()}'\n`;
    const pwned = await tree([`100644 blob ${await blob('written outside\n')}\tpwned`]);
    await push(DUP.head, [`120000 blob ${await blob(sentinel)}\tlink`, `040000 tree ${pwned}\tlink`]);
    const inside = await tree([`100644 blob ${await blob(config)}\tconfig`]);
    await push(CASE.head, [`120000 blob ${await blob('.git')}\tLINK`, `040000 tree ${inside}\tlink`]);
    await push(FETCHED.head, [`120000 blob ${await blob(sentinel)}\tlink`, `040000 tree ${pwned}\tlink`]);
    const attributes = `100644 blob ${await blob('*.md filter=x\n')}\t.gitattributes`;
    await push(ATTR.head, [attributes, `100644 blob ${await blob('notes\n')}\tnotes.md`]);
  });

  after(() => {
    api.answer(undefined);
    fs.rmSync(maker, { recursive: true, force: true });
    fs.rmSync(sentinel, { recursive: true, force: true });
  });

  it('refuses both: the fetch of a tree git’s object checks refuse, the apply of one with LINK -> .git', async function () {
    this.timeout(90_000);
    api.answer({});
    const root = workspace();
    const outside = hashTree(sentinel);
    const status = await git(root, ['status', '--porcelain', '--untracked-files=all']);
    const gitDir = await gitState(root);
    // The link out and the file through it: git's object checks refuse the fetch, and nothing of it is kept.
    const dup = await api.changes(DUP.id, true);
    assert.equal(dup?.kind, 'problem', JSON.stringify(dup));
    assert.match(dup.kind === 'problem' ? dup.why : '', /object checks refused the branch \(duplicateEntries/);
    let at = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: DUP.id, state: 'completed' } });
    assert.match(api.said()[at]?.text ?? '', /cannot be used: git's object checks refused the branch/);
    assert.deepEqual(await gitState(root), gitDir, 'every file of .git is as it was');
    // LINK -> .git and link/config: a tree git accepts, which on macOS or Windows would write .git/config.
    const fetched = await waitFor(async () => (await api.changes(CASE.id, true))?.kind, 'the fetch', 60_000);
    assert.equal(fetched, 'ready');
    const gitDirFetched = await gitState(root);
    at = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: CASE.id, state: 'completed' } });
    const said = api.said().slice(at);
    assert.ok(
      said.some(
        s =>
          s.level === 'warning' &&
          /link\/config\W{1,2}\(it lies inside LINK, which the branch makes a symbolic link\).*Nothing was written\.$/.test(
            s.text,
          ),
      ),
      JSON.stringify(said),
    );
    assert.deepEqual(await gitState(root), gitDirFetched, 'every file of .git is as it was');
    assert.deepEqual(hashTree(sentinel), outside, 'nothing outside the workspace changed');
    assert.equal(await git(root, ['status', '--porcelain', '--untracked-files=all']), status, 'no file written');
    assert.equal(fs.existsSync(marker()), false, 'the user’s git status ran no program of the branch');
  });

  it('a branch the user’s own fetch brought in unchecked (as autofetch does): still refused by git’s object checks', async function () {
    this.timeout(90_000);
    api.answer({});
    const root = workspace();
    const tracking = `refs/remotes/origin/${FETCHED.head}`;
    try {
      await git(root, ['fetch', '-q', 'origin', FETCHED.head]);
      assert.ok((await git(root, ['rev-parse', '--verify', tracking])).trim(), 'the user’s fetch took the branch');
      const v = await api.changes(FETCHED.id, true);
      assert.equal(v?.kind, 'problem', JSON.stringify(v));
      assert.match(v.kind === 'problem' ? v.why : '', /object checks refused the branch \(duplicateEntries/);
      const at = api.said().length;
      await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: FETCHED.id, state: 'completed' } });
      assert.match(api.said()[at]?.text ?? '', /cannot be used: git's object checks refused the branch/);
      assert.equal(fs.existsSync(path.join(sentinel, 'pwned')), false);
    } finally {
      await git(root, ['update-ref', '-d', tracking]).catch(() => undefined);
    }
  });

  it('the user’s hooks and a filter the branch’s .gitattributes names: the fetch and Apply run none of them', async function () {
    this.timeout(90_000);
    const root = workspace();
    const hooks = path.join(root, '.git', 'hooks');
    const ran = (name: string) => path.join(sentinel, name);
    // Each leaves its mark only for what it would be run on through us: our refs, a temporary index.
    const scripts: Record<string, string> = {
      'reference-transaction': `grep -q refs/agent-tasks && touch '${ran('reference-transaction')}'\nexit 0\n`,
      'post-index-change': `test -n "$GIT_INDEX_FILE" && touch '${ran('post-index-change')}'\nexit 0\n`,
    };
    const marks = () => fs.readdirSync(sentinel).filter(n => n !== 'keep.txt');
    try {
      fs.mkdirSync(hooks, { recursive: true });
      for (const [name, body] of Object.entries(scripts)) {
        fs.writeFileSync(path.join(hooks, name), `#!/bin/sh\n${body}`);
        fs.chmodSync(path.join(hooks, name), 0o755);
      }
      await git(root, ['config', 'filter.x.smudge', `touch '${ran('smudged')}' && cat`]);
      await git(root, ['config', 'filter.x.clean', 'cat']);
      assert.equal((await api.changes(ATTR.id, true))?.kind, 'ready');
      assert.deepEqual(marks(), [], 'the fetch ran no hook');
      // Apply, answered no to writing .gitattributes: nothing written, nothing run.
      api.answer({ confirm: false });
      await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: ATTR.id, state: 'completed' } });
      assert.ok(
        api.asked().some(a => a.kind === 'confirm' && /\.gitattributes/.test(a.text)),
        'asked',
      );
      assert.equal(fs.existsSync(path.join(root, 'notes.md')), false);
      // Apply of notes.md alone: the branch's .gitattributes is not written, so the filter it names does not run.
      api.answer({});
      await vscode.commands.executeCommand(COMMANDS.applyChanges, { taskId: ATTR.id, file: { path: 'notes.md' } });
      await waitFor(() => fs.existsSync(path.join(root, 'notes.md')) || undefined, 'notes.md written', 30_000);
      assert.equal(fs.readFileSync(path.join(root, 'notes.md'), 'utf8'), 'notes\n');
      assert.deepEqual(marks(), [], 'no hook and no filter ran');
    } finally {
      api.answer(undefined);
      for (const name of Object.keys(scripts)) fs.rmSync(path.join(hooks, name), { force: true });
      await git(root, ['config', '--remove-section', 'filter.x']).catch(() => undefined);
      fs.rmSync(path.join(root, 'notes.md'), { force: true });
    }
  });
});
