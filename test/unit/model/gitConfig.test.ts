import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitConfigFile } from '../../../src/env/node/gitConfig';
import { parseGitConfigRemotes } from '../../../src/model/remotes';

describe('model/remotes: reading remotes from a git config file', () => {
  it('reads every [remote "name"] section: first url as fetch address, first pushurl as push address', () => {
    const text = [
      '[core]',
      '\trepositoryformatversion = 0',
      '\tbare = false',
      '[remote "origin"]',
      '\turl = git@example.com:acme/rocket.git',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
      '[branch "main"]',
      '\tremote = origin',
      '\turl = https://example.com/not/a-remote.git',
      '[remote "upstream"]',
      '\tURL = https://example.com/mona/rocket.git',
      '\turl = https://example.com/second/ignored.git',
      '\tpushurl = no_push',
    ].join('\n');
    assert.deepEqual(parseGitConfigRemotes(text), [
      { name: 'origin', fetchUrl: 'git@example.com:acme/rocket.git' },
      { name: 'upstream', fetchUrl: 'https://example.com/mona/rocket.git', pushUrl: 'no_push' },
    ]);
  });

  it('takes quotes, escapes, comments, CRLF line ends and the old [remote.name] form as git does', () => {
    const text = [
      '# a comment',
      '[remote "we\\"ird"]',
      '  url = "https://example.com/acme/rocket.git" ; trailing comment',
      '[remote.old]',
      '  url = https://example.com/acme/old.git # comment',
      '[remote "nourl"]',
      '  fetch = +refs/heads/*:refs/remotes/nourl/*',
      '[Remote "Case"] url = https://example.com/acme/case.git',
    ].join('\r\n');
    assert.deepEqual(parseGitConfigRemotes(text), [
      { name: 'we"ird', fetchUrl: 'https://example.com/acme/rocket.git' },
      { name: 'old', fetchUrl: 'https://example.com/acme/old.git' },
      { name: 'Case', fetchUrl: 'https://example.com/acme/case.git' },
    ]);
  });

  it('gives nothing for a config without remotes, or for text that is not a config', () => {
    assert.deepEqual(parseGitConfigRemotes('[core]\n\tbare = false\n'), []);
    assert.deepEqual(parseGitConfigRemotes('url = https://example.com/acme/rocket.git\nnot [a] config'), []);
  });

  describe('finding the config file', () => {
    let dir: string;
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-config-'));
      const main = path.join(dir, 'main');
      fs.mkdirSync(main);
      git(main, 'init', '-q', '-b', 'main');
      git(
        main,
        '-c',
        'user.name=t',
        '-c',
        'user.email=t@example.invalid',
        'commit',
        '-q',
        '--allow-empty',
        '-m',
        'init',
      );
      git(main, 'remote', 'add', 'origin', 'https://example.com/acme/rocket.git');
      git(main, 'worktree', 'add', '-q', path.join(dir, 'tree'), '-b', 'side');
    });

    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('is .git/config in a repository', async () => {
      assert.equal(await gitConfigFile(path.join(dir, 'main')), path.join(dir, 'main', '.git', 'config'));
    });

    it("is the shared repository's config in a worktree, whose .git is a file", async () => {
      assert.ok(fs.statSync(path.join(dir, 'tree', '.git')).isFile());
      const file = await gitConfigFile(path.join(dir, 'tree'));
      assert.equal(fs.realpathSync(file), fs.realpathSync(path.join(dir, 'main', '.git', 'config')));
      assert.deepEqual(parseGitConfigRemotes(fs.readFileSync(file, 'utf8')), [
        { name: 'origin', fetchUrl: 'https://example.com/acme/rocket.git' },
      ]);
    });

    it("is the named git directory's config when .git names one without commondir (a submodule)", async () => {
      const sub = path.join(dir, 'sub');
      fs.mkdirSync(path.join(dir, 'modules', 'sub'), { recursive: true });
      fs.mkdirSync(sub);
      fs.writeFileSync(path.join(sub, '.git'), 'gitdir: ../modules/sub\n');
      assert.equal(await gitConfigFile(sub), path.join(dir, 'modules', 'sub', 'config'));
    });

    it("rejects a folder that is not a repository's root", async () => {
      await assert.rejects(gitConfigFile(dir));
      fs.writeFileSync(path.join(dir, '.git'), 'not a link\n');
      await assert.rejects(gitConfigFile(dir), /names no git directory/);
    });
  });
});
