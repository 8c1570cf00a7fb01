import * as assert from 'node:assert/strict';
import {
  baseName,
  isMultiLine,
  parseFrontMatter,
  selectionPrompt,
  withInstruction,
} from '../../../../src/tasks/start/frontMatter';

describe('tasks/start/frontMatter', () => {
  it('reads fields and body', () => {
    const doc = parseFrontMatter('---\nname: Reviewer\ndescription: "Reviews code"\n---\nBe strict.\n');
    assert.deepEqual(doc.fields, { name: 'Reviewer', description: 'Reviews code' });
    assert.equal(doc.body, 'Be strict.\n');
  });
  it('leaves text without front matter alone', () => {
    assert.deepEqual(parseFrontMatter('Just a prompt\n---\n'), { fields: {}, body: 'Just a prompt\n---\n' });
  });
  it('names files by their base name', () => {
    assert.equal(baseName('.github/agents/reviewer.agent.md', '.agent.md'), 'reviewer');
    assert.equal(baseName('C:\\x\\fix-tests.prompt.md', '.prompt.md'), 'fix-tests');
  });
  it('puts the file and lines after a selection', () => {
    assert.equal(
      selectionPrompt('a()\n', 'src/a.ts', 3, 3, 'typescript'),
      '```typescript\na()\n```\n\nReference: `src/a.ts`, line 3.',
    );
    assert.match(selectionPrompt('x ``` y', 'b.md', 1, 4), /^~~~\n/);
    assert.match(selectionPrompt('x', 'b.md', 1, 4), /lines 1–4/);
  });

  it('keeps a prompt of several lines whole and puts the instruction in front', () => {
    const sel = selectionPrompt('a()\nb()', 'src/a.ts', 3, 4, 'typescript');
    assert.equal(isMultiLine(sel), true);
    assert.equal(isMultiLine('one line'), false);
    assert.equal(withInstruction(sel, '  '), sel);
    assert.equal(withInstruction(sel, ' Add tests '), `Add tests\n\n${sel}`);
  });
});
