import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Task } from '../../src/api';
import { buildPicture, type PictureFacts } from '../../src/model/taskPicture';
import { TaskNode, type TaskRowContext } from '../../src/views/nodes/taskNode';
import { task as serviceTask } from '../support/serviceData';

// A task node on its own, in the real extension host: what it draws, and when it draws again.
function task(over: Partial<Task> = {}): Task {
  return serviceTask('node-1', {
    name: 'Tidy the README',
    creator: { id: 1 },
    owner: { id: 1 },
    created_at: '2026-01-05T10:00:00Z',
    updated_at: '2026-01-05T11:00:00Z',
    ...over,
  });
}

const pic = (over: Partial<Task> = {}, facts?: PictureFacts) => buildPicture(task(over), facts);

function context(): TaskRowContext {
  return { viewId: 'test.view', model: {} as TaskRowContext['model'], showRepo: true };
}

const iconOf = (item: vscode.TreeItem) => (item.iconPath as vscode.ThemeIcon).id;
/** The tooltip's words, with Markdown's escapes set aside. */
const tooltipOf = (item: vscode.TreeItem) =>
  (typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '')).replace(/\\([\s\S])/g, '$1');

describe('task node', () => {
  it('hands out the same item while the task draws the same, and a new one when what it shows changed', () => {
    const node = new TaskNode(pic(), context());
    const first = node.getTreeItem();
    assert.equal(first.label, 'Tidy the README');
    assert.match(String(first.description), /^Completed · 2026-01-05$/);
    assert.equal(node.getTreeItem(), first, 'nothing changed');
    const same = node.picture;
    node.picture = same;
    assert.equal(node.getTreeItem(), first, 'the same picture, as the model hands it out while nothing changed');

    node.picture = pic({ state: 'failed' });
    const failed = node.getTreeItem();
    assert.notEqual(failed, first);
    assert.match(String(failed.description), /^Failed/);
    assert.equal(iconOf(failed), 'error');

    node.picture = pic({ state: 'failed', name: 'Tidy the README again' });
    assert.equal(node.getTreeItem().label, 'Tidy the README again');

    node.picture = pic({
      state: 'failed',
      name: 'Tidy the README again',
      artifacts: [{ provider: 'p', type: 'pull', data: { id: 7 } }],
    });
    assert.match(String(node.getTreeItem().contextValue), /\bpull\b/);

    node.picture = pic({
      state: 'failed',
      name: 'Tidy the README again',
      artifacts: [{ provider: 'p', type: 'pull', data: { id: 7 } }],
      archived_at: '2026-01-06T00:00:00Z',
    });
    assert.match(String(node.getTreeItem().description), /archived$/);
    // In local time, as the task page shows it.
    const local = new Intl.DateTimeFormat(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });
    assert.ok(tooltipOf(node.resolved()).includes(`Archived ${local.format(Date.parse('2026-01-06T00:00:00Z'))}`));
    assert.doesNotMatch(tooltipOf(node.resolved()), /\d{4}-\d\d-\d\dT/, 'no ISO time');

    node.picture = pic({ updated_at: '2026-01-07T09:00:00Z' });
    assert.match(String(node.getTreeItem().description), /2026-01-07$/, 'a newer change is drawn with its own date');
  });

  it('draws again when the repository name it shows changes', () => {
    const node = new TaskNode(pic({}, { repo: { label: 'repository 5000' } }), context());
    assert.match(String(node.getTreeItem().description), /^Completed · 2026-01-05 · repository 5000$/);
    node.picture = pic({}, { repo: { label: 'acme/rocket' } });
    assert.match(String(node.getTreeItem().description), /^Completed · 2026-01-05 · acme\/rocket$/);
  });

  it('makes the tooltip only when asked for, on a copy: the item handed out at redraws has none', () => {
    const node = new TaskNode(pic({ name: 'Tidy **the** README' }), context());
    const drawn = node.getTreeItem();
    assert.equal(drawn.tooltip, undefined, 'VS Code would parse a Markdown tooltip for every item at every redraw');
    const hovered = node.resolved();
    assert.notEqual(hovered, drawn);
    assert.ok(hovered.tooltip instanceof vscode.MarkdownString);
    assert.match(tooltipOf(hovered), /^Tidy \*\*the\*\* README\n/);
    assert.equal(hovered.label, drawn.label);
    assert.equal(hovered.id, drawn.id);
    assert.equal(drawn.tooltip, undefined, 'the drawn item stays as it was');
    assert.equal(node.resolved(), hovered, 'asked again for the same task: the same answer');
    node.picture = pic({ name: 'Tidy **the** README', state: 'failed' });
    assert.match(tooltipOf(node.resolved()), /Failed/, 'a changed task is described anew');
  });
});
