// A branch name from the service reaches git only when git's own rules accept it as a branch name, and never when
// it would be read as an option. Checked against `git check-ref-format --branch` itself where git is installed.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import { checkRef, refProblem } from '../../../src/safety/gitRef';
import { BAD_REFS, GOOD_REFS } from '../../support/hostile';

/** Refused here although git takes them: `@` means HEAD, and invisible or reordering characters hide the name. */
const STRICTER_THAN_GIT = new Set(['@', 'spoof\u202Eabc', 'zero\u200Bwidth']);

function gitAccepts(name: string): boolean | undefined {
  try {
    execFileSync('git', ['check-ref-format', '--branch', name], { cwd: os.tmpdir(), stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'ENOENT' ? undefined : false;
  }
}

describe('safety/gitRef', () => {
  it('refuses every bad name, with a reason', () => {
    for (const name of BAD_REFS) {
      const why = refProblem(name);
      assert.equal(typeof why, 'string', JSON.stringify(name));
    }
    assert.match(refProblem('-f')!, /option/);
    assert.match(refProblem('--upload-pack=touch /tmp/pwned')!, /option/);
    assert.match(refProblem('a..b')!, /“\.\.”/);
    assert.equal(refProblem(42), 'it is empty');
  });

  it('accepts the names git accepts, unchanged', () => {
    for (const name of GOOD_REFS) assert.deepEqual(checkRef(name), { ok: true, ref: name });
  });

  it('agrees with git check-ref-format --branch', () => {
    // git is one of the project's requirements (the sandbox serves repositories with it); without it, say so.
    assert.notEqual(gitAccepts('main'), undefined, 'git check-ref-format runs');
    for (const name of [...BAD_REFS, ...GOOD_REFS]) {
      if (name.includes('\u0000')) continue; // cannot be an argument at all
      const ours = refProblem(name) === undefined;
      const git = gitAccepts(name);
      if (STRICTER_THAN_GIT.has(name)) assert.equal(ours, false, JSON.stringify(name));
      else assert.equal(ours, git, `${JSON.stringify(name)}: git ${git ? 'accepts' : 'refuses'} it`);
    }
  });

  it('says which name was refused as text that cannot become a link', () => {
    const r = checkRef('[x](command:workbench.action.terminal.new)');
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.match(r.reason, /^The branch “.*” given by the service is not a valid git branch name: it contains “\[”\.$/);
    assert.doesNotMatch(r.reason, /\]\(/);
    const empty = checkRef(undefined, 'head branch');
    assert.ok(
      !empty.ok && empty.reason === 'The head branch given by the service is not a valid git branch name: it is empty.',
    );
  });
});
