// The repository names cache: names by ID per service, kept in a memento with a bound, nothing malformed kept.
import * as assert from 'node:assert/strict';
import { MAX_NAMES, REPO_NAMES_KEY, RepoNames, validRepoName, type NameMemento } from '../../../src/model/repoNames';

/** A memento as globalState behaves: values stored as JSON, so what comes back is a copy. */
class JsonMemento implements NameMemento {
  readonly data = new Map<string, string>();
  writes = 0;
  get<T>(key: string): T | undefined {
    const v = this.data.get(key);
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }
  update(key: string, value: unknown): Promise<void> {
    this.writes++;
    this.data.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}

function scoped(scope: string, memento?: NameMemento, max?: number): RepoNames {
  const names = new RepoNames(memento, max);
  names.useScope(scope);
  return names;
}

describe('model/RepoNames', () => {
  it('names a repository by ID once an answer has named it, and finds the ID by name in any case', () => {
    const names = scoped('svc');
    assert.equal(names.name(5003), undefined);
    assert.equal(names.learn(5003, 'mona/dotfiles', 'list'), true);
    assert.equal(names.name(5003), 'mona/dotfiles');
    assert.equal(names.idOf('Mona/DotFiles'), 5003);
    assert.equal(names.idOf('acme/docs'), undefined);
    assert.deepEqual(names.shown(5003), { label: 'mona/dotfiles' });
  });

  it('shows an unknown ID as an ID, with why there is no name', () => {
    const shown = scoped('svc').shown(5005);
    assert.equal(shown?.label, 'repository 5005');
    assert.match(shown?.why ?? '', /only this repository's ID \(5005\)/);
    assert.equal(scoped('svc').shown('5005'), undefined, 'an ID that is not a number is not one');
  });

  it('says one thing per ID until a name is learnt: every row of a repository shares it', () => {
    const names = scoped('svc');
    const unnamed = names.shown(5005);
    assert.equal(names.shown(5005), unnamed, 'the same object again');
    assert.ok(Object.isFrozen(unnamed), 'and nobody can change it for the others');
    names.learn(5005, 'acme/docs', 'list');
    assert.deepEqual(names.shown(5005), { label: 'acme/docs' }, 'a name learnt shows at once');
    names.useScope('other');
    assert.equal(names.shown(5005)?.label, 'repository 5005', 'another service starts over');
  });

  it('keeps nothing malformed: odd IDs, names with markup, spaces, control or reordering characters', () => {
    const names = scoped('svc');
    const bad: [unknown, unknown][] = [
      [0, 'a/b'],
      [-1, 'a/b'],
      [1.5, 'a/b'],
      ['7', 'a/b'],
      [7, 'ab'],
      [7, 'a/b/c'],
      [7, '[x](command:y)/z'],
      [7, 'a b/c'],
      [7, 'a/b\u202E'],
      [7, 'a/\u0007b'],
      [7, '../x'],
      [7, `a/${'x'.repeat(300)}`],
      [7, 42],
    ];
    assert.equal(names.learnAll(bad, 'list'), false);
    assert.deepEqual(names.known(), []);
    assert.ok(validRepoName('acme/rocket.js') && validRepoName('über-org/my_repo-2'));
  });

  it('remembers names across sessions, per service, in the memento', () => {
    const memento = new JsonMemento();
    const first = scoped('sandbox', memento);
    first.learnAll(
      [
        [5000, 'acme/rocket'],
        [5003, 'mona/dotfiles'],
      ],
      'list',
    );
    first.useScope('https://api.example.com');
    assert.equal(first.name(5003), undefined, 'another service has its own names');
    first.learn(5000, 'other/thing', 'list');
    first.useScope('sandbox');
    assert.equal(first.name(5000), 'acme/rocket');
    const later = scoped('sandbox', memento);
    assert.equal(later.name(5003), 'mona/dotfiles', 'read back in a new session');
    later.useScope('https://api.example.com');
    assert.equal(later.name(5000), 'other/thing');
  });

  it('writes only when a name is new or changed', () => {
    const memento = new JsonMemento();
    const names = scoped('s', memento);
    names.learn(1, 'a/b', 'list');
    names.learn(1, 'a/b', 'list');
    names.learnAll([[1, 'a/b']], 'list');
    assert.equal(memento.writes, 1);
    names.learn(1, 'a/renamed', 'list');
    assert.equal(memento.writes, 2);
    assert.equal(names.name(1), 'a/renamed');
  });

  it('keeps at most its bound, dropping the names learnt longest ago', () => {
    const memento = new JsonMemento();
    const names = scoped('s', memento, 3);
    names.learnAll(
      [
        [1, 'a/one'],
        [2, 'a/two'],
        [3, 'a/three'],
      ],
      'list',
    );
    names.learn(4, 'a/four', 'list');
    assert.deepEqual(
      names.known().map(k => k.id),
      [4, 3, 2],
    );
    assert.equal(scoped('s', memento, 3).name(1), undefined, 'the stored copy is bounded too');
    assert.ok(MAX_NAMES >= 100 && MAX_NAMES <= 5000);
  });

  it('reads a damaged stored value as nothing, and learns anew', () => {
    const memento = new JsonMemento();
    memento.data.set(
      REPO_NAMES_KEY,
      JSON.stringify([
        { scope: 's', names: [[1, 'a/b', 'list'], 'junk', [2, 'bad name', 'list'], [3, 'a/c', 'x']] },
        7,
      ]),
    );
    const names = scoped('s', memento);
    assert.equal(names.name(1), 'a/b');
    assert.equal(names.name(2), undefined);
    assert.equal(names.name(3), undefined, 'no known source');
    memento.data.set(REPO_NAMES_KEY, '"not a list"');
    const fresh = scoped('s', memento);
    assert.equal(fresh.name(1), undefined);
    assert.equal(fresh.learn(1, 'a/b', 'list'), true);
  });

  it('never gives two IDs one name: the stronger source keeps it, the other shows its ID and why', () => {
    const names = scoped('s');
    names.learn(5000, 'acme/rocket', 'list');
    // An installation's list says 6000 is acme/rocket too (in another case): refused, 5000 keeps it.
    assert.equal(names.learn(6000, 'ACME/rocket', 'installation'), true, 'what 6000 shows changed');
    assert.equal(names.name(6000), undefined);
    assert.equal(names.idOf('acme/rocket'), 5000);
    const shown = names.shown(6000);
    assert.equal(shown?.label, 'repository 6000');
    assert.match(shown?.why ?? '', /^an installation's repository list names this repository ACME\/rocket, /);
    assert.match(shown?.why ?? '', /repository 5000 holds that name, from a listing of that repository's own tasks/);
    // The remote named 7000; an installation names 8000 the same: the stronger one takes the name from 7000.
    names.learn(7000, 'mona/dotfiles', 'remote');
    names.learn(8000, 'mona/dotfiles', 'installation');
    assert.equal(names.idOf('mona/dotfiles'), 8000);
    assert.equal(names.name(7000), undefined);
    assert.match(names.shown(7000)?.why ?? '', /repository 8000 holds that name, from an installation's/);
    // As strong as the holder: the holder keeps it.
    names.learn(9000, 'mona/dotfiles', 'installation');
    assert.equal(names.idOf('mona/dotfiles'), 8000);
    assert.equal(names.name(9000), undefined);
    assert.equal(new Set(names.known().map(k => k.name.toLowerCase())).size, names.known().length, 'names unique');
  });

  it('a weaker source does not rename what a stronger one named; a refused ID named later shows its name', () => {
    const names = scoped('s');
    names.learn(5000, 'acme/rocket', 'list');
    assert.equal(names.learn(5000, 'acme/other', 'remote'), false);
    assert.equal(names.name(5000), 'acme/rocket');
    assert.equal(names.learn(5000, 'acme/renamed', 'list'), true, 'the same source may rename it');
    names.learn(6000, 'acme/renamed', 'remote');
    names.learn(6000, 'acme/six', 'installation');
    assert.deepEqual(names.shown(6000), { label: 'acme/six' });
  });

  it('does not believe names stored without a source (kept before sources were told apart)', () => {
    const memento = new JsonMemento();
    memento.data.set(REPO_NAMES_KEY, JSON.stringify([{ scope: 's', names: [[5000, 'evil/phish']] }]));
    assert.equal(scoped('s', memento).name(5000), undefined);
  });

  it('tells listeners once per batch that changed something', () => {
    const names = scoped('s');
    let fired = 0;
    names.onDidChange(() => fired++);
    names.learnAll(
      [
        [1, 'a/b'],
        [2, 'a/c'],
      ],
      'list',
    );
    names.learnAll([[1, 'a/b']], 'list');
    assert.equal(fired, 1);
  });
});
