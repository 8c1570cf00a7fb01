// A resource's shape is declared once (src/api/schema): its type and its reader both come from that declaration. A
// change to a declaration reaches the type (checked here by the compiler) and the reader (checked at run time); the
// reading stays liberal: an unusable item is left out with a note, unknown values pass, duplicates merge.
import assert from 'node:assert/strict';
import * as v from 'valibot';
import type { Task, TaskState } from '../../../src/api';
import { itemReader, readItems } from '../../../src/api/read/compile';
import { item, list, open, optText, text, textKey } from '../../../src/api/schema/declare';
import { InstallationShape } from '../../../src/api/schema/account';
import { RepositoryShape } from '../../../src/api/schema/repository';
import { TaskShape } from '../../../src/api/schema/task';
import { DEMO_TOKENS, startSandbox } from '../../../src/sandbox';
import { rawSession, rawTask, task } from '../../support/serviceData';

/** Compiles only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const Widget = item({ id: textKey(), state: open<'on' | 'off'>(), name: text() }, id => `widget ${String(id)}`);
// The same declaration with one field more: the only edit a new field needs.
const WidgetV2 = item({ ...Widget.entries, colour: optText() }, id => `widget ${String(id)}`);
type WidgetV2 = v.InferOutput<typeof WidgetV2>;

function read<T>(shape: v.GenericSchema<unknown, T>, raw: unknown): { value: T | undefined; notes: string[] } {
  const notes: string[] = [];
  const value = itemReader(shape).read(raw, 'item', m => notes.push(m));
  return { value, notes };
}

describe('api: resources declared once', () => {
  it('gives a field added to a declaration to both the type and the reader', () => {
    const typed: Same<WidgetV2['colour'], string | undefined> = true;
    const state: Same<WidgetV2['state'], 'on' | 'off' | (string & {})> = true;
    assert.ok(typed && state);
    const raw = { id: 'w1', state: 'on', name: 'dial', colour: 'red', stray: 1 };
    assert.deepEqual(read(Widget, raw).value, { id: 'w1', state: 'on', name: 'dial' });
    assert.deepEqual(read(WidgetV2, raw).value, { id: 'w1', state: 'on', name: 'dial', colour: 'red' });
  });

  it('types a task from its declaration, with an open set of states', () => {
    const state: Same<Task['state'], TaskState> = true;
    const sessions: Same<NonNullable<Task['sessions']>[number]['id'], string> = true;
    assert.ok(state && sessions);
  });

  it('leaves out an item without its key, saying why, and keeps an unknown state', () => {
    const notes: string[] = [];
    const widgets = readItems(
      [{ id: '', state: 'on', name: 'a' }, { id: 'w2', state: 'humming', name: 7 }, 'w3'],
      'widgets',
      itemReader(WidgetV2),
      { key: w => w.id },
      m => notes.push(m),
      true,
    );
    assert.deepEqual(widgets, [{ id: 'w2', state: 'humming', name: '7' }]);
    assert.deepEqual(notes, [
      'widgets[0] has no usable id; left out',
      'widgets[2] is a string, not an object; left out',
    ]);
  });

  it('merges items with one key by the rule the declaration gives', () => {
    const Shelf = item({ id: textKey(), widgets: list(Widget, { key: w => w.id, prefer: (a, b) => (a < b ? a : b) }) });
    const { value, notes } = read(Shelf, {
      id: 's',
      widgets: [
        { id: 'w1', state: 'on', name: 'b' },
        { id: 'w1', state: 'off', name: 'a' },
      ],
    });
    assert.equal(value?.widgets.length, 1);
    assert.deepEqual(notes, ['item: widget "w1" came more than once; merged into one']);
  });

  it('reads a task liberally: a bad field gets its neutral value, a bad session is left out, a duplicate merged', () => {
    const raw = rawTask('t1', {
      state: 'paused_by_admin',
      session_count: -3,
      novel: true,
      sessions: [rawSession('s1', { updated_at: '2026-03-10T09:00:00Z' }), rawSession('s1'), rawSession(null)],
    });
    const { value, notes } = read(TaskShape, raw);
    assert.equal(value?.state, 'paused_by_admin');
    assert.equal(value?.session_count, 0);
    assert.equal((value as Record<string, unknown>).novel, undefined);
    assert.deepEqual(
      value?.sessions?.map(s => s.updated_at),
      ['2026-03-10T10:00:00Z'],
    );
    assert.deepEqual(notes, [
      'task "t1": session_count is a number, not a count',
      'task "t1": sessions[2] has no usable id; left out',
      'task "t1": session "s1" came more than once; merged into one',
    ]);
  });

  it('takes a task that needs no fixing as it came, and copies one that does', () => {
    const clean = task('t1');
    assert.ok(itemReader(TaskShape).clean(clean));
    assert.equal(itemReader(TaskShape).clean({ ...clean, url: null }), false);
    assert.equal(
      itemReader(TaskShape).clean({ ...clean, artifacts: [{ provider: 'p', type: 'pull', data: {} }] }),
      false,
    );
  });

  it('holds the sandbox to the declarations: what it sends is exactly as declared', async () => {
    const sb = await startSandbox({ port: 0, stepMs: 0 });
    try {
      const get = async (path: string, token: string): Promise<Record<string, unknown>> => {
        const res = await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.status, 200, path);
        return (await res.json()) as Record<string, unknown>;
      };
      const { tasks } = await get('/agents/repos/acme/rocket/tasks', DEMO_TOKENS.fineGrained);
      assert.ok(Array.isArray(tasks) && tasks.length > 0);
      for (const t of tasks) assert.ok(v.is(TaskShape, t), JSON.stringify(t));
      const started = (tasks as Task[]).find(t => t.session_count > 0);
      const one = await get(`/agents/tasks/${String(started?.id)}`, DEMO_TOKENS.fineGrained);
      assert.ok(v.is(TaskShape, one) && Array.isArray(one.sessions) && one.sessions.length > 0);
      const { installations } = await get('/user/installations', DEMO_TOKENS.appUser);
      assert.ok(Array.isArray(installations) && installations.length > 0);
      for (const i of installations) assert.ok(v.is(InstallationShape, i), JSON.stringify(i));
      const { repositories } = await get('/installation/repositories', DEMO_TOKENS.installation);
      assert.ok(Array.isArray(repositories) && repositories.length > 0);
      for (const r of repositories) assert.ok(v.is(RepositoryShape, r), JSON.stringify(r));
    } finally {
      await sb.close();
    }
  });
});
