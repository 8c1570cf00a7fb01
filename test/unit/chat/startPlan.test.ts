// The confirmation of a start from chat: the user's prompt and the repository render as exactly their characters,
// and what was confirmed is what is sent, once.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { confirmationMarkdown, PreparedStarts, type StartPlan } from '../../../src/chat/startPlan';
import { HOSTILE_TEXT } from '../../support/hostile';

// Present through @vscode/vsce; a CommonMark renderer like the one VS Code draws chat Markdown with.
const MarkdownIt = createRequire(__filename)('markdown-it') as (options: object) => { render(src: string): string };
const md = MarkdownIt({ html: true, linkify: true });

const plan = (prompt: string, more: Partial<StartPlan['options']> = {}): StartPlan => ({
  repo: { owner: 'acme', repo: 'rocket' },
  prompt,
  options: { model: '', create_pull_request: true, base_ref: '', head_ref: '', custom_agent: '', ...more },
});

/** The rendered HTML's text: tags removed, entities decoded (only the ones markdown-it writes). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('chat/startPlan', () => {
  it('shows the repository, each option and the prompt', () => {
    const text = textOf(
      md.render(
        confirmationMarkdown(plan('Fix the build', { model: 'family-b-5.4', head_ref: 'agent/x', base_ref: 'main' })),
      ),
    );
    for (const part of [
      'Repository: acme/rocket',
      'Model: family-b-5.4',
      'Base branch: main',
      'Works on branch: agent/x',
      'Pull request: yes',
      'Fix the build',
    ])
      assert.ok(text.includes(part), `${part} in ${text}`);
  });

  it('feedback: says how many comments and on which files; a choice from the last start says so', () => {
    const p: StartPlan = {
      ...plan('Address the review', { model: 'family-b-5.4', head_ref: 'agent/x', base_ref: 'main' }),
      feedback: { taskId: 't1', ids: ['a', 'b'], moved: 0, files: ['src/a.ts', 'docs/*b*.md'] },
      remembered: { model: true },
    };
    const text = textOf(md.render(confirmationMarkdown(p)));
    for (const part of [
      'Review comments: 2 not sent yet, in the prompt below',
      'Files commented: src/a.ts, docs/*b*.md',
      'Model: family-b-5.4 (remembered from your last start)',
      'Pull request: yes, the agent opens one\n',
    ])
      assert.ok(text.includes(part), `${part} in ${text}`);
  });

  it('a hostile prompt renders as its own characters: no link, image, emphasis, heading or HTML', () => {
    for (const [what, prompt] of Object.entries(HOSTILE_TEXT)) {
      if (what === 'long' || what === 'controls' || what === 'reordering' || what === 'zeroWidth') continue;
      const html = md.render(confirmationMarkdown(plan(prompt)));
      const afterPrompt = html.slice(html.indexOf('Prompt:'));
      assert.doesNotMatch(afterPrompt, /<(a|img|em|strong|code|h\d|blockquote|li|table|pre|b)\b/, what);
      // Line breaks and leading spaces aside, every character of the prompt is shown.
      // (the invisible joiner that keeps `$(` from drawing an icon aside).
      const shown = textOf(afterPrompt)
        .replace(/\u2060/g, '')
        .replace(/\s+/g, ' ');
      assert.ok(shown.includes(prompt.replace(/\s+/g, ' ').trim().slice(0, 40)), `${what}: ${shown}`);
    }
  });

  it('a branch name or custom agent with markup is text too', () => {
    const html = md.render(
      confirmationMarkdown(plan('x', { head_ref: '[b](https://evil.example)', custom_agent: '**a**' })),
    );
    assert.doesNotMatch(html, /<a |<strong>a<\/strong>/);
  });

  it('a prepared outcome is taken once, whatever the order of the input fields', () => {
    const prepared = new PreparedStarts();
    prepared.put({ prompt: 'p', model: 'm' }, { ok: true, plan: plan('p') });
    assert.equal(prepared.take({ model: 'm', prompt: 'p' })?.ok, true);
    assert.equal(prepared.take({ model: 'm', prompt: 'p' }), undefined, 'a second start needs a second confirmation');
    assert.equal(prepared.take({ prompt: 'other' }), undefined);
  });

  it('inputs prepared but never invoked are forgotten once newer ones pile up', () => {
    const prepared = new PreparedStarts(3);
    for (const p of ['a', 'b', 'c', 'd']) prepared.put({ prompt: p }, { ok: false, text: p });
    assert.equal(prepared.take({ prompt: 'a' }), undefined);
    assert.deepEqual(prepared.take({ prompt: 'd' }), { ok: false, text: 'd' });
  });
});
