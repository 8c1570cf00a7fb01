// What the tasks teach the repository names cache. A repository's own list (asked for by the remote's name)
// names the ID its tasks carry; a task's address is believed only once a listing of the name it claims holds tasks
// of that ID; an address that disagrees is not believed, and logged once; an ID without any address is read once.
import * as assert from 'node:assert/strict';
import type { RepoRef } from '../../../src/api';
import { RepoNames } from '../../../src/model/repoNames';
import { TaskNameFeed } from '../../../src/model/taskRepoNames';
import { TaskStore } from '../../../src/model/taskStore';
import { listKeys } from '../../../src/model/taskSync';
import { aTask } from './builders';

/** The IDs the service's listing of each repository would give, by `owner/name` in lower case. */
type Listings = Record<string, number[]>;

function rig(repo = { owner: 'acme', repo: 'rocket' }, listings: Listings = {}) {
  const store = new TaskStore();
  const names = new RepoNames();
  const asked: string[] = [];
  const listed: string[] = [];
  const logged: string[] = [];
  const feed = new TaskNameFeed({
    store,
    names,
    repo: () => repo,
    repoListKey: r => listKeys.repo(r),
    loadDetails: async id => void asked.push(id),
    listingIds: async (r: RepoRef) => {
      const name = `${r.owner}/${r.repo}`.toLowerCase();
      listed.push(name);
      return listings[name] ?? [];
    },
    log: line => logged.push(line),
  });
  return { store, names, asked, listed, logged, feed };
}

const at = (name: string, id: string) => `http://h/agents/repos/${name}/tasks/${id}`;
/** The listings the feed asked for have answered. */
const answered = () => new Promise(resolve => setImmediate(resolve));

describe('model/TaskNameFeed', () => {
  it("learns a repository's name from a task's address once a listing of that name holds its tasks", async () => {
    const { store, names, asked, listed } = rig(undefined, { 'acme/website': [5001] });
    store.replaceList(listKeys.mine(), [aTask({ repository: { id: 5001 }, url: at('acme/website', 't1') })]);
    await answered();
    assert.deepEqual(listed, ['acme/website']);
    assert.equal(names.name(5001), 'acme/website');
    assert.deepEqual(asked, []);
  });

  it("does not believe a task's address that names another repository's name, and logs it once", async () => {
    const { store, names, logged } = rig(undefined, { 'acme/rocket': [5000] });
    store.replaceList(listKeys.repo({ owner: 'acme', repo: 'rocket' }), [
      aTask({ id: 'a', repository: { id: 5000 }, url: at('acme/rocket', 'a') }),
      // Listed under acme/rocket (5000), its address says evil/phish: 5000 stays acme/rocket.
      aTask({ id: 'b', repository: { id: 5000 }, url: at('evil/phish', 'b') }),
    ]);
    // A task of 6000 whose address claims acme/rocket: the listing of acme/rocket holds 5000's tasks.
    const forged = aTask({ id: 'c', repository: { id: 6000 }, url: at('acme/rocket', 'c') });
    store.replaceList(listKeys.mine(), [forged]);
    await answered();
    assert.equal(names.name(5000), 'acme/rocket');
    assert.equal(names.idOf('evil/phish'), undefined);
    assert.equal(names.name(6000), undefined);
    assert.equal(names.idOf('acme/rocket'), 5000);
    assert.equal(logged.length, 2, logged.join('\n'));
    assert.match(logged[0], /^task "b" of repository 5000: its address names evil\/phish, but it is listed under/);
    assert.match(
      logged[1],
      /^task "c" of repository 6000: its address names acme\/rocket, but a listing of acme\/rocket holds tasks of repository 5000;/,
    );
    // Seen again (the next poll): not logged again.
    store.replaceList(listKeys.mine(), [{ ...forged, updated_at: '2026-02-01T00:00:00Z' }]);
    store.replaceList(listKeys.repo({ owner: 'acme', repo: 'rocket' }), []);
    await answered();
    assert.equal(logged.length, 2, logged.join('\n'));
  });

  it('does not believe an address whose listing holds no task, or tasks of another repository', async () => {
    const { store, names, logged } = rig(undefined, { 'acme/other': [7000] });
    store.replaceList(listKeys.mine(), [
      aTask({ repository: { id: 5001 }, url: at('nobody/here', 't1') }),
      aTask({ repository: { id: 5002 }, url: at('acme/other', 't2') }),
    ]);
    await answered();
    assert.equal(names.name(5001), undefined);
    assert.equal(names.name(5002), undefined);
    assert.equal(logged.length, 2);
  });

  it("names the repository's own list after the workspace's remote when its tasks carry no address", () => {
    const { store, names } = rig({ owner: 'Acme', repo: 'Rocket' });
    store.replaceList(listKeys.repo({ owner: 'Acme', repo: 'Rocket' }), [
      aTask({ repository: { id: 5000 }, url: undefined, html_url: undefined }),
    ]);
    assert.equal(names.name(5000), 'Acme/Rocket');
  });

  it("reads one task of each repository the user's list leaves unnamed, once, until reset", () => {
    const { store, asked, feed } = rig();
    const bare = (id: number) => aTask({ repository: { id }, url: undefined, html_url: undefined });
    const tasks = [bare(5003), bare(5003), bare(5004)];
    store.replaceList(listKeys.mine(), tasks);
    const repoOf = (id: string) => tasks.find(t => t.id === id)?.repository?.id;
    assert.deepEqual(asked.map(repoOf).sort(), [5003, 5004]);
    store.replaceList(listKeys.mine(), [...tasks, bare(5003)]);
    assert.equal(asked.length, 2, 'no second read for the same repository');
    feed.reset();
    store.replaceList(listKeys.mine(), [bare(5004)]);
    assert.equal(asked.length, 3);
  });
});
