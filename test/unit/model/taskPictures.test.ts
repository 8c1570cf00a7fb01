// The pictures of the tasks: made once per change of what they show, handed out again while nothing changed, and
// carrying the facts every surface shows (repository, "you", what a task continues, changes, its error as an error).
import assert from 'node:assert/strict';
import type { ChangesView } from '../../../src/model/changesView';
import { Emitter } from '../../../src/shared/emitter';
import { RepoNames } from '../../../src/model/repoNames';
import { buildPicture } from '../../../src/model/taskPicture';
import { TaskPictures } from '../../../src/model/taskPictures';
import { TaskStore } from '../../../src/model/taskStore';
import { aTask } from './builders';

function rig(me?: number) {
  const store = new TaskStore();
  const names = new RepoNames();
  const links: { task: string; id: string; name: string }[] = [];
  const linked = new Emitter<string>();
  const who = { me };
  const pictures = new TaskPictures({
    store,
    names,
    me: () => who.me,
    mineList: () => 'mine',
    continuations: { list: () => links, onDidChange: linked.event },
  });
  const heard: (readonly string[] | undefined)[] = [];
  pictures.onDidChange(ids => heard.push(ids));
  return { store, names, links, linked, who, pictures, heard };
}

describe('model/TaskPictures', () => {
  it('draws a task: its name without marks, its state in words with its icon, its links', () => {
    const p = buildPicture(
      aTask({ id: 't1', name: 'Fix **the** bug', state: 'in_progress', html_url: 'https://example.test/a/b/tasks/t1' }),
    );
    assert.equal(p.name, 'Fix the bug');
    assert.deepEqual([p.state.label, p.state.category, p.state.icon], ['Running', 'active', 'sync~spin']);
    assert.equal(p.links.web, 'https://example.test/a/b/tasks/t1');
    assert.equal(p.links.pullRequests.length, 0);
    assert.ok(Object.isFrozen(p), 'a picture is read-only');
    assert.equal(buildPicture(aTask({ state: 'brand_new' })).state.label, 'brand new', 'an unknown state in words');
  });

  it('hands out the same picture while nothing it shows changed, and a new one when the task changes', () => {
    const { store, pictures } = rig();
    const task = aTask({ id: 't1' });
    store.upsertTask(task, ['repo:a/b']);
    const first = pictures.get('t1');
    assert.ok(first);
    assert.equal(pictures.get('t1'), first);
    store.upsertTask({ ...task, state: 'failed', updated_at: '2030-01-01T00:00:00Z' });
    const second = pictures.get('t1');
    assert.notEqual(second, first);
    assert.equal(second?.state.label, 'Failed');
    assert.equal(pictures.get('nope'), undefined);
  });

  it('carries what a task continues, and the task is told about when a link is recorded', () => {
    const { store, links, linked, pictures, heard } = rig();
    store.upsertTask(aTask({ id: 't2' }), ['repo:a/b']);
    const before = pictures.get('t2');
    assert.equal(before?.continues, undefined);
    links.push({ task: 't2', id: 't1', name: 'First go' });
    linked.fire('t2');
    // The task continued is told too: it is now round 1 of 2.
    assert.deepEqual(heard, [['t2', 't1']]);
    assert.deepEqual(pictures.get('t2')?.continues, { id: 't1', name: 'First go' });
  });

  it('carries the round of each task of a work, and tells every round whose number or count moved', () => {
    const { store, links, linked, pictures, heard } = rig();
    for (const id of ['t1', 't2', 't3', 'other']) store.upsertTask(aTask({ id }), ['repo:a/b']);
    links.push({ task: 't2', id: 't1', name: 'First go' });
    linked.fire('t2');
    const other = pictures.get('other');
    const round = (id: string) => {
      const r = pictures.get(id)?.round;
      return r && [r.n, r.of, r.first.name];
    };
    assert.deepEqual([round('t1'), round('t2'), round('other')], [[1, 2, 'First go'], [2, 2, 'First go'], undefined]);
    heard.length = 0;
    links.push({ task: 't3', id: 't2', name: 'Second go' });
    linked.fire('t3');
    assert.deepEqual([...heard[0]!].sort(), ['t1', 't2', 't3'], 'every round of the work, and no other task');
    assert.deepEqual(
      [round('t1'), round('t2'), round('t3')],
      [
        [1, 3, 'First go'],
        [2, 3, 'First go'],
        [3, 3, 'First go'],
      ],
    );
    assert.equal(pictures.get('other'), other, 'a task of no round keeps its picture');
    assert.deepEqual(pictures.round('t3'), pictures.get('t3')?.round);
  });

  it('says "you" by the user\'s id once known, and by the user\'s own list before', () => {
    const { store, who, pictures } = rig();
    store.replaceList('mine', [aTask({ id: 'a', creator: { id: 7 } })]);
    store.replaceList('repo:a/b', [aTask({ id: 'b', creator: { id: 8 } })]);
    assert.equal(pictures.get('a')?.creator, 'you');
    assert.equal(pictures.get('b')?.creator, undefined);
    who.me = 8;
    assert.equal(pictures.get('a')?.creator, undefined, 'the id known: by creator');
    assert.equal(pictures.get('b')?.creator, 'you');
    assert.equal(pictures.get('b')?.me, 8);
  });

  it('keeps the error of a failed read as the error object, until a read goes well', () => {
    const { store, pictures, heard } = rig();
    store.upsertTask(aTask({ id: 't3' }), ['repo:a/b']);
    const err = Object.assign(new Error('Not Found'), { status: 404 });
    pictures.setError('t3', err);
    assert.equal(pictures.get('t3')?.error, err, 'the very error, with its status and stack');
    pictures.setError('t3', undefined);
    assert.equal(pictures.get('t3')?.error, undefined);
    assert.deepEqual(heard, [['t3'], ['t3']]);
  });

  it("takes each task's Changes summary from the changes feature", () => {
    const { store, pictures, heard } = rig();
    store.upsertTask(aTask({ id: 't4' }), ['repo:a/b']);
    const known = new Map<string, ChangesView>();
    const changed = new Emitter<string>();
    pictures.useChanges({ known: id => known.get(id), onDidChange: changed.event });
    assert.equal(pictures.get('t4')?.changes, undefined);
    known.set('t4', { kind: 'loading' });
    changed.fire('t4');
    assert.deepEqual(heard, [['t4']]);
    assert.deepEqual(pictures.get('t4')?.changes, { kind: 'loading' });
  });

  it('names the repository once a source names it, and the pictures of its tasks are told', () => {
    const { store, names, pictures, heard } = rig();
    store.replaceList('mine', [
      aTask({ id: 't5', repository: { id: 42 } }),
      aTask({ id: 't6', repository: { id: 7 } }),
    ]);
    assert.equal(pictures.get('t5')?.repo?.label, 'repository 42', 'its id, and why, until a source names it');
    const other = pictures.get('t6');
    names.learn(42, 'acme/rocket', 'list');
    assert.deepEqual(heard, [['t5']], 'the pictures of that repository');
    assert.equal(pictures.get('t5')?.repo?.label, 'acme/rocket');
    assert.equal(pictures.get('t6'), other, 'a task of another repository keeps its picture, and its row');
  });

  it('moves its version on whenever a picture it hands out may differ, and keeps it while none does', () => {
    const { store, names, links, linked, who, pictures } = rig();
    store.replaceList('mine', [aTask({ id: 'v1', repository: { id: 42 } }), aTask({ id: 'v2' })]);
    const steps: [string, () => void][] = [
      ['a task changed', () => store.upsertTask(aTask({ id: 'v1', state: 'failed', repository: { id: 42 } }))],
      ['its repository named', () => names.learn(42, 'acme/rocket', 'list')],
      ['a continuation recorded', () => (links.push({ task: 'v1', id: 'v2', name: 'Before' }), linked.fire('v1'))],
      ['a read failed', () => pictures.setError('v1', new Error('Not Found'))],
      ["the user's id learnt", () => (who.me = 1)],
      ['everything forgotten', () => pictures.clear()],
    ];
    for (const [what, step] of steps) {
      const version = pictures.version;
      const before = pictures.get('v1');
      assert.equal(pictures.version, version, `${what}: reading a picture keeps the version`);
      step();
      assert.notEqual(pictures.get('v1'), before, `${what}: the picture is made again`);
      assert.ok(pictures.version > version, `${what}: the version moved on`);
    }
    const version = pictures.version;
    names.learn(99, 'acme/other', 'list');
    pictures.setError('v2', undefined);
    assert.equal(pictures.version, version, 'a name no picture shows, and no error to clear, keep it');
  });
});
