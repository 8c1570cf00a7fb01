import * as assert from 'node:assert/strict';
import { changesLine } from '../../../src/changes/summary';
import { totalsOf, type ChangedFile, type ChangesView } from '../../../src/model/changesView';
import { changesHtml } from '../../../src/changes/changesSection';

const files: ChangedFile[] = [
  { path: 'src/<img src=x onerror=alert(1)>.ts', kind: 'added', added: 40, removed: 0, binary: false },
  { path: 'docs/über plan.md', from: 'docs/plan.md', kind: 'renamed', added: 0, removed: 2, binary: false },
  { path: 'media/logo.png', kind: 'modified', binary: true },
];
const ready: ChangesView = {
  kind: 'ready',
  head: 'agent/<b>x</b>',
  base: 'main',
  headSha: 'a'.repeat(40),
  baseSha: 'b'.repeat(40),
  root: '/w',
  files,
  commits: [
    { sha: 'c'.repeat(40), subject: '<script>alert(1)</script>', message: '<script>alert(1)</script>', time: 0 },
  ],
  totals: totalsOf(files),
};
const when = (v: unknown) => String(v);

describe('changes: as the task page and chat show them', () => {
  it('the page shows paths, branch names and messages as text, with kinds and counts', () => {
    const html = changesHtml(ready, when);
    assert.doesNotMatch(html, /<img|<script|<b>/);
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;\.ts<\/code><\/button> <span class="muted">added<\/span>/);
    assert.match(html, /über plan\.md<\/code><\/button> <span class="muted">renamed from docs\/plan\.md<\/span>/);
    assert.match(html, /logo\.png<\/code><\/button> <span class="counts">binary<\/span>/);
    // Each name is a button that opens its diff, naming the file only by its place in the list.
    const buttons = [
      ...html.matchAll(/<button type="button" class="file" data-action="openChange" data-file="(\d+)"/g),
    ];
    assert.deepEqual(
      buttons.map(m => m[1]),
      ['0', '1', '2'],
    );
    assert.match(html, /3 files changed, \+40 −2/);
    assert.match(html, /data-action="reviewChanges"/);
  });

  it('the page names the changed files that configure tools, as text', () => {
    const toolFiles = [
      { path: '.vscode/<b>settings</b>.json', why: 'VS Code settings, tasks or launch configurations' },
      { path: 'package.json', why: 'scripts that package tools run' },
    ];
    const html = changesHtml({ ...ready, toolFiles }, when);
    assert.match(
      html,
      /<p class="tools" role="note">Files that configure tools \(they can run programs; review them before applying\): \.vscode\/&lt;b&gt;settings&lt;\/b&gt;\.json \(VS Code settings, tasks or launch configurations\), package\.json \(scripts that package tools run\)<\/p>/,
    );
    assert.doesNotMatch(changesHtml(ready, when), /class="tools"/);
  });

  it('the page says why there is nothing to show, as text', () => {
    const html = changesHtml({ kind: 'problem', why: 'the agent has not pushed yet', todo: '<i>wait</i>' }, when);
    assert.match(html, /The agent has not pushed yet\./);
    assert.match(html, /&lt;i&gt;wait&lt;\/i&gt;/);
    assert.doesNotMatch(html, /reviewChanges/);
  });

  it('chat gets how much and which files, one line', () => {
    // Quoted for chat (markup characters by look-alikes: no tag forms there), one line, the files named.
    assert.equal(
      changesLine(ready),
      'changes: 3 files changed, +40 −2: src/‹img src=x onerror=alert（1）›.ts, docs/über plan.md, media/logo.png',
    );
    assert.equal(changesLine({ kind: 'loading' }), undefined);
    assert.equal(
      changesLine({ kind: 'noBranch', why: 'no branch yet: the task is queued', todo: '' }),
      'changes: not shown (no branch yet: the task is queued)',
    );
  });
});
