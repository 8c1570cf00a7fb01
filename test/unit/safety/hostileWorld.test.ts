// The hostile world end to end below the editor: the real sandbox serves tasks whose prompts (and so names) carry
// links, images, icons and Markdown, and whose branches are git options; the real client reads them unchanged (text
// is data); the pure neutralisers then make each harmless for its surface.
import * as assert from 'node:assert/strict';
import { ApiClient } from '../../../src/api';
import { checkRef } from '../../../src/safety/gitRef';
import { forLabel, forMessage } from '../../../src/safety/serviceText';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { HOSTILE_TEXT, hostileWorldTasks } from '../../support/hostile';
import { WorldBuilder } from '../sandbox/helpers';

const MESSAGE_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)/i;
const ICON = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/i;

describe('safety: a hostile world through the sandbox and the client', () => {
  let sandbox: Sandbox | undefined;
  let client: ApiClient | undefined;
  let ids: string[];
  before(async () => {
    const b = new WorldBuilder();
    const mona = b.user('mona');
    b.org('acme', [mona]);
    const repo = b.repo('acme', 'rocket', { [mona]: 'admin' });
    const token = b.fineGrained(mona);
    ids = hostileWorldTasks(repo, mona).map(t => b.task(repo, mona, t));
    sandbox = await startSandbox({ port: 0, world: b.build(), stepMs: 0 });
    client = new ApiClient({ baseUrl: sandbox.url, token });
  });
  after(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it('reads the names as the prompts wrote them, and no surface text made from them acts', async () => {
    const { tasks } = await client!.listRepositoryTasks({ owner: 'acme', repo: 'rocket' });
    const byId = new Map(tasks.map(t => [t.id, t]));
    const review = byId.get(ids[0]);
    assert.ok(review, 'the task named by a command link is listed');
    assert.ok(review.name.startsWith('[Review](command:'), review.name);
    assert.match(review.name, MESSAGE_LINK, 'the raw name would be a link in a notification');
    for (const t of tasks) {
      const message = `Task “${forMessage(t.name)}” finished.`;
      assert.doesNotMatch(message, MESSAGE_LINK, t.name);
      assert.doesNotMatch(message, ICON, t.name);
      assert.doesNotMatch(forLabel(t.name), ICON, t.name);
    }
    assert.ok(
      tasks.some(t => ICON.test(t.name)),
      'a raw name would show icons',
    );
    assert.ok(
      tasks.some(t => t.name.startsWith(HOSTILE_TEXT.html)),
      'HTML comes through as text',
    );
  });

  it('refuses every branch the hostile tasks work on before git could see it', async () => {
    for (const id of ids.slice(0, 3)) {
      const task = await client!.getTask({ task_id: id });
      const head = task.sessions.find(s => s.head_ref)?.head_ref;
      assert.ok(head, `task ${id} has a head branch`);
      const r = checkRef(head);
      assert.equal(r.ok, false, head);
    }
  });
});
