import * as assert from 'node:assert/strict';
import type { Task } from '../../../src/api/types';
import { PAGE_ACTIONS } from '../../../src/taskPage/pageActions';
import { renderTaskPage, type PageInput } from '../../../src/taskPage/pageHtml';
import { aSession, aTask } from '../model/builders';

const NONCE = 'TESTnonce0123456789abcd';
const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const now = Date.parse('2026-03-10T12:03:00Z');

function render(task: Task, over: Partial<PageInput> = {}): string {
  return renderTaskPage({
    task,
    actions: PAGE_ACTIONS,
    stateLabel: s => ({ in_progress: 'Running', completed: 'Completed' })[s] ?? s.replace(/_/g, ' '),
    clock: { locale: 'en-US', timeZone: 'UTC', now },
    status: {},
    nonce: NONCE,
    cspSource: CSP_SOURCE,
    scriptUri: `${CSP_SOURCE}/ext/media/taskPage.js`,
    styleUri: `${CSP_SOURCE}/ext/media/taskPage.css`,
    ...over,
  });
}

/** Hostile text as the service might send it: each one would be markup, a link or a script if not escaped. */
const HOSTILE = {
  script: '<script>alert(1)</script>',
  textarea: '</textarea><script>alert(2)</script>',
  attribute: '"><img src=x onerror=alert(3)>',
  single: "' autofocus onfocus='alert(4)",
  commandLink: '[Review](command:workbench.action.terminal.new)',
  fence: '```\n</pre><svg onload=alert(5)>\n```',
  entity: '&lt;b&gt; &amp; &#x3C;',
  comment: '<!-- --><style>*{display:none}</style>',
};

/** Every tag of the page: the only `<` the output may hold unescaped are the page's own tags. */
function tags(html: string): { name: string; attrs: string }[] {
  const out: { name: string; attrs: string }[] = [];
  for (const m of html.matchAll(/<(\/?[a-zA-Z!][^\s>]*)([^>]*)>/g)) out.push({ name: m[1].toLowerCase(), attrs: m[2] });
  return out;
}

const PAGE_TAGS = new Set(
  'html head meta link title body header h1 h2 h3 h4 p span nav button main dl dt dd code section ul li article pre time footer script'
    .split(' ')
    .flatMap(t => [t, `/${t}`]),
);

function assertOnlyPageMarkup(html: string): void {
  assert.equal((html.match(/</g) ?? []).length, tags(html).length + 0, "every < opens one of the page's tags");
  for (const t of tags(html)) {
    if (t.name === '!doctype') continue;
    assert.ok(PAGE_TAGS.has(t.name), `unexpected tag <${t.name}${t.attrs}>`);
    // Each attribute is a name, optionally ="…" with no quote, < or > inside: nothing broke out of a value.
    assert.match(t.attrs, /^(\s+[a-z-]+(="[^"<>]*")?)*\s*$/, `attributes of <${t.name}>: ${t.attrs}`);
    assert.doesNotMatch(t.attrs, /\son[a-z]+=/i, `an event handler on <${t.name}>`);
    if (t.name === 'link')
      assert.equal(t.attrs, ` rel="stylesheet" href="${CSP_SOURCE}/ext/media/taskPage.css" nonce="${NONCE}"`);
    else assert.doesNotMatch(t.attrs, /\s(href|srcdoc|action|formaction)=/i, `a link on <${t.name}>`);
  }
  assert.equal(tags(html).filter(t => t.name === 'link').length, 1, 'one style sheet');
  const scripts = tags(html).filter(t => t.name === 'script');
  assert.equal(scripts.length, 1, 'one script');
  assert.equal(scripts[0].attrs, ` nonce="${NONCE}" src="${CSP_SOURCE}/ext/media/taskPage.js"`);
}

function hostileTask(): Task {
  const task = aTask({
    id: 'evil-1',
    name: HOSTILE.script,
    url: 'http://127.0.0.1:1/agents/repos/acme/rocket/tasks/evil-1',
    html_url: 'javascript:alert(6)',
    creator_type: HOSTILE.attribute,
    state: 'in_progress',
    artifacts: [{ type: 'pull', provider: HOSTILE.single, data: { id: HOSTILE.comment as unknown as number } }],
  });
  task.sessions = [
    aSession(task, {
      name: HOSTILE.commandLink,
      prompt: `${HOSTILE.textarea}\n${HOSTILE.fence}\n${HOSTILE.entity}`,
      head_ref: HOSTILE.attribute,
      base_ref: HOSTILE.single,
      model: HOSTILE.commandLink,
      state: HOSTILE.script,
    }),
  ];
  return task;
}

describe('taskPage/pageHtml', () => {
  it('shows a task: name, state, repository, times in the locale and as "… ago", sessions and artifacts', () => {
    const task = aTask({
      name: 'Add retries',
      state: 'in_progress',
      created_at: '2026-03-10T12:00:00Z',
      updated_at: '2026-03-10T12:01:00Z',
    });
    task.artifacts = [{ type: 'pull', provider: 'vendor', data: { id: 12 } }];
    task.sessions = [
      aSession(task, {
        prompt: 'Add retries\nwith backoff',
        head_ref: 'agent/retries',
        base_ref: 'main',
        model: 'family-b-5.4',
      }),
    ];
    const html = render(task);
    assertOnlyPageMarkup(html);
    assert.match(html, /<h1 dir="auto">Add retries<\/h1>/);
    assert.match(html, /class="state state-in-progress">.*Running/);
    assert.match(html, /<dt>Repository<\/dt><dd dir="auto">acme\/rocket<\/dd>/);
    assert.match(html, /Mar 10, 2026, 12:00\s?PM<\/time> <span class="muted">· 3 min ago/);
    assert.match(html, /Pull request #12 <span class="muted">\(vendor\)/);
    assert.match(html, /<pre class="prompt" dir="auto">Add retries\nwith backoff<\/pre>/);
    assert.match(html, /<code>agent\/retries<\/code> → <code>main<\/code>/);
    assert.match(html, /family-b-5\.4/);
    for (const label of ['Open Pull Request', 'Open on the Web', 'Check Out Head Branch']) {
      assert.match(
        html,
        new RegExp(`<button type="button" data-action="[a-zA-Z]+">${label}</button>`),
        `${label} enabled`,
      );
    }
  });

  it("writes dates in the user's locale", () => {
    const html = render(aTask({ created_at: '2026-03-10T12:00:00Z' }), {
      clock: { locale: 'de-DE', timeZone: 'UTC', now },
    });
    assert.match(html, /<html lang="de-DE">/);
    assert.match(html, />10\.03\.2026, 12:00<\/time>/);
  });

  it('allows only its own script and style, by nonce, and nothing remote', () => {
    const html = render(aTask());
    assert.ok(
      html.includes(
        `content="default-src &#39;none&#39;; style-src ${CSP_SOURCE} &#39;nonce-${NONCE}&#39;; script-src &#39;nonce-${NONCE}&#39;; img-src ${CSP_SOURCE}"`,
      ),
    );
    assert.ok(html.includes(`<link rel="stylesheet" href="${CSP_SOURCE}/ext/media/taskPage.css" nonce="${NONCE}">`));
    assert.doesNotMatch(html, /<style|<img|<a\s/);
  });

  it('shows hostile names, prompts, refs and states only as escaped text', () => {
    const html = render(hostileTask());
    assertOnlyPageMarkup(html);
    assert.ok(html.includes('<h1 dir="auto">&lt;script&gt;alert(1)&lt;/script&gt;</h1>'), 'the name');
    assert.ok(html.includes('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>'), 'the title');
    assert.ok(
      html.includes(
        '&lt;/textarea&gt;&lt;script&gt;alert(2)&lt;/script&gt;\n```\n&lt;/pre&gt;&lt;svg onload=alert(5)&gt;\n```',
      ),
      'the prompt',
    );
    assert.ok(html.includes('&amp;lt;b&amp;gt; &amp;amp; &amp;#x3C;'), 'entities in the prompt stay as typed');
    assert.ok(
      html.includes(
        '<code>&quot;&gt;&lt;img src=x onerror=alert(3)&gt;</code> → <code>&#39; autofocus onfocus=&#39;alert(4)</code>',
      ),
      'the refs',
    );
    assert.ok(html.includes('[Review](command:workbench.action.terminal.new)'), 'a Markdown link is plain text');
    assert.ok(
      html.includes(
        'Pull request #&lt;!-- --&gt;&lt;style&gt;*{display:none}&lt;/style&gt; <span class="muted">(&#39; autofocus',
      ),
      'the artifact',
    );
    assert.ok(html.includes('&quot;&gt;&lt;img src=x onerror=alert(3)&gt; 1001'), 'the creator kind');
    assert.ok(
      html.includes(
        '<span class="state state-unknown"><span class="dot" aria-hidden="true"></span>&lt;script&gt;alert(1)&lt;/script&gt;</span>',
      ),
      'an unknown state',
    );
    for (const raw of Object.values(HOSTILE)) {
      if (/[<>"'&]/.test(raw)) assert.ok(!html.includes(raw), `raw ${JSON.stringify(raw)} is not in the page`);
    }
    assert.doesNotMatch(html, /javascript:/, "the task's address is not a link anywhere");
  });

  it('shows direction overrides, controls, zero-width and tag characters by code point', () => {
    const task = aTask({ name: 'main\u202Egnp.exe', id: 't\u0000x' });
    task.sessions = [
      aSession(task, {
        head_ref: 'agent/\u2066fix\u2069',
        base_ref: 'ma\u200Bin',
        prompt: 'a\u0007b\u001B[31mc\u{E0041}\uD800d',
      }),
    ];
    const html = render(task);
    assertOnlyPageMarkup(html);
    assert.ok(html.includes('main⟨U+202E⟩gnp.exe'));
    assert.ok(html.includes('<code>t⟨U+0000⟩x</code>'));
    assert.ok(html.includes('<code>agent/⟨U+2066⟩fix⟨U+2069⟩</code> → <code>ma⟨U+200B⟩in</code>'));
    assert.ok(html.includes('a⟨U+0007⟩b⟨U+001B⟩[31mc⟨U+E0041⟩\uFFFDd'));
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(html, /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069\u200B\uD800-\uDFFF]/u);
  });

  it('reads fields of the wrong type as missing, without throwing', () => {
    const bad = {
      id: 'bad-1',
      name: 42,
      state: null,
      creator: 'x',
      creator_type: { toString: 'no' },
      repository: [5000],
      artifacts: 'none',
      session_count: '1',
      archived_at: 7,
      created_at: { iso: 'x' },
      updated_at: 'yesterday-ish',
      url: 'http://h/agents/repos/%E0%a4%A/rocket/tasks/bad-1',
      sessions: [
        null,
        'text',
        3,
        { state: 5, name: [], prompt: { a: 1 }, head_ref: 9, base_ref: null, model: undefined, created_at: NaN },
      ],
    } as unknown as Task;
    const html = render(bad);
    assertOnlyPageMarkup(html);
    assert.match(html, /<h1 dir="auto">42<\/h1>/);
    assert.match(html, /<p class="summary"><span class="state state-unknown">Unreadable state<\/span>/);
    assert.match(html, /<dt>Updated<\/dt><dd dir="auto">yesterday-ish <span class="muted">\(not a time\)/);
    assert.match(html, /<h3 dir="auto">Session 1<\/h3><span class="state state-unknown">Unreadable state/);
    assert.match(html, /<code>9<\/code> → <code>—<\/code>/);
    assert.doesNotMatch(html, /\[object Object\]|undefined|NaN/);
    assert.equal((html.match(/<article/g) ?? []).length, 1, 'sessions that are not objects are left out');
    assert.doesNotThrow(() => render({ ...bad, sessions: 'many' } as unknown as Task));
    assert.match(render({ ...bad, sessions: 'many' } as unknown as Task), /sessions that cannot be read/);
  });

  it('disables the buttons that do not apply yet, and says why', () => {
    const task = aTask({ html_url: undefined, artifacts: [] });
    const html = render(task);
    assert.match(
      html,
      /data-action="openPullRequest" disabled title="This task has no pull request yet\.">Open Pull Request/,
    );
    assert.match(html, /data-action="openOnWeb" disabled title="[^"]+">Open on the Web/);
    assert.match(html, /data-action="checkoutHeadBranch" disabled title="[^"]+">Check Out Head Branch/);
    assert.match(html, /Reading the sessions…/);
  });

  it('says how it refreshes and why the last refresh failed, as text', () => {
    const html = render(aTask({ state: 'queued' }), {
      status: { everySeconds: 10, error: 'The service said: “<b>down</b>”.' },
    });
    assert.match(html, /Refreshes every 10 s while the task is queued or running/);
    assert.ok(
      html.includes(
        '<p class="error" role="alert">Could not refresh: The service said: “&lt;b&gt;down&lt;/b&gt;”.</p>',
      ),
    );
  });

  it('names the task it continues under its name, as text, and nothing when it continues none', () => {
    assert.doesNotMatch(render(aTask()), /class="continues"/);
    const html = render(aTask(), { labels: { continues: HOSTILE.attribute } });
    assertOnlyPageMarkup(html);
    assert.ok(
      html.includes('<p class="continues" dir="auto">Continues “&quot;&gt;&lt;img src=x onerror=alert(3)&gt;”</p>'),
    );
  });

  it('says which round of its work the task is, in its header and title, as text; nothing when it has none', () => {
    assert.doesNotMatch(render(aTask()), /class="round"|· round/);
    const task = aTask({ name: 'Round 2 of “Fix it”: Use a loop.' });
    const html = render(task, { labels: { round: { n: 2, of: 3, first: `**Fix** ${HOSTILE.attribute}` } } });
    assertOnlyPageMarkup(html);
    assert.ok(
      html.includes(
        '<p class="round" dir="auto">Round 2 of 3 of “Fix &quot;&gt;&lt;img src=x onerror=alert(3)&gt;”</p>',
      ),
      html,
    );
    assert.ok(html.includes('<title>Round 2 of “Fix it”: Use a loop. · round 2 of 3</title>'));
  });
});
