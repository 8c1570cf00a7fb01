// What the tasks teach the repository names cache: a task's address names its repository; a repository's own list
// is named by the workspace's remote where its tasks carry no address; an unnamed ID is read once.
import * as assert from 'node:assert/strict';
import { RepoNames } from '../../../src/model/repoNames';
import { TaskNameFeed } from '../../../src/model/taskRepoNames';
import { TaskStore } from '../../../src/model/taskStore';
import { listKeys } from '../../../src/model/taskSync';
import { aTask } from './builders';

function rig(repo = { owner: 'acme', repo: 'rocket' }) {
  const store = new TaskStore();
  const names = new RepoNames();
  const asked: string[] = [];
  const feed = new TaskNameFeed({
    store,
    names,
    repo: () => repo,
    repoListKey: r => listKeys.repo(r),
    loadDetails: async id => void asked.push(id),
  });
  return { store, names, asked, feed };
}

describe('model/TaskNameFeed', () => {
  it("learns a repository's name from a task's address", () => {
    const { store, names, asked } = rig();
    store.replaceList(listKeys.mine(), [
      aTask({ repository: { id: 5001 }, url: 'http://h/agents/repos/acme/website/tasks/t1', html_url: undefined }),
    ]);
    assert.equal(names.name(5001), 'acme/website');
    assert.deepEqual(asked, []);
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
