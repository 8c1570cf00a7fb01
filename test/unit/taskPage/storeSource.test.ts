// The task page's source asks for a repository's name when only its ID is shown — known by the picture saying why,
// not by the words of its label, which are translated.
import assert from 'node:assert/strict';
import { modelSource, type PageModel } from '../../../src/taskPage/storeSource';
import type { TaskPicture } from '../../../src/model/taskPicture';

function model(repo: TaskPicture['repo']): { model: PageModel; asked: () => number } {
  let asked = 0;
  const picture = { task: { id: 't1' }, repo } as unknown as TaskPicture;
  const m = {
    picture: () => picture,
    pictures: { onDidChange: () => ({ dispose() {} }) },
    loadDetails: async () => undefined,
    onDidChangeTasks: () => ({ dispose() {} }),
    learnRepoName: async () => {
      asked++;
    },
  } as unknown as PageModel;
  return { model: m, asked: () => asked };
}

describe('taskPage: the store source', () => {
  it('asks the name of a repository shown by its ID, whatever language its label is in', async () => {
    const french = model({ label: 'dépôt 42', why: "Le service n'a donné que l'ID de ce dépôt (42)." });
    await modelSource(french.model).refresh('t1');
    assert.equal(french.asked(), 1);
  });

  it('does not ask again for a named repository, even one named like an ID', async () => {
    const named = model({ label: 'repository 7' });
    await modelSource(named.model).refresh('t1');
    assert.equal(named.asked(), 0);
  });

  it('asks when no repository is shown at all', async () => {
    const none = model(undefined);
    await modelSource(none.model).refresh('t1');
    assert.equal(none.asked(), 1);
  });
});
