// A hostile service, as data: what a compromised service, a rewriting proxy or the author of a prompt (a task's name
// is its prompt's first line) can put in front of the extension. Unit tests carry it through the real client (a
// scripted node:http server) and the pure neutralisers; integration tests through the sandbox (`hostileWorldTasks`).
import type * as http from 'node:http';
import type { WorldTask } from '../../src/sandbox/world';

/** Text that would act or format if shown as markup: in names, prompts, messages, refs. */
export const HOSTILE_TEXT = {
  commandLink: '[Review](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)',
  titledLink: '[Open](command:workbench.action.reloadWindow "Reload")',
  webLink: '[Click here](https://evil.example/steal)',
  fileLink: '[passwd](file:///etc/passwd)',
  image: '![pixel](https://evil.example/pixel.png)',
  html: '<img src=x onerror=alert(1)><b>bold</b><a href="command:x">a</a>',
  icons: '$(alert) urgent $(sync~spin) $(zap)',
  markdown: '**bold** _em_ `code` ~~gone~~\n# heading\n> quote\n- item\n1. first\n| a | b |\n|---|---|\n***',
  fence: 'before\n```\nafter the fence\n```\n    indented code',
  autolinks: 'see https://evil.example/x, www.evil.example, <https://evil.example/y> and me@evil.example',
  entities: '&lt;script&gt; &amp; &#x41; &copy;',
  controls: 'a\u0000b\u0007c\u001b[31md\u007fe\u0085f',
  reordering: 'invoice\u202Egnp.exe\u202C and \u2066isolate\u2069',
  zeroWidth: 'ro\u200Bcket\u200D and\u2060 \uFEFFro\u200Ccket\u00AD',
  lineBreaks: 'first\nsecond\r\nthird\u2028fourth',
  long: `${'long name '.repeat(2000)}end`,
} as const;

/**
 * A login as a hostile server's `/user` can answer it (a GitHub Enterprise server's, read by VS Code's sign-in): a
 * command link, an icon, a second line, a direction override, zero-width characters, and far longer than any login.
 */
export const HOSTILE_LOGIN =
  `mona ${HOSTILE_TEXT.commandLink} $(alert)\nsecond line \u202Eevil\u200B \u200Dhidden\uFEFF ` + 'x'.repeat(480);

/** Addresses that must never be opened; `http:` to a non-loopback host counts among them. */
export const ODD_ADDRESSES = [
  'file:///etc/passwd',
  'vscode://vscode.git/clone?url=https%3A%2F%2Fevil.example%2Fr.git',
  'vscode-insiders://ms-vscode.remote-server/x',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'command:workbench.action.terminal.new',
  'data:text/html,<script>alert(1)</script>',
  'ftp://evil.example/x',
  'http://evil.example/task',
  'https://service.example@evil.example/task',
  'https://user:password@evil.example/task',
  '//evil.example/task',
  'not an address',
  '',
] as const;

/** Branch names a service could send that git must never see as given. */
export const BAD_REFS = [
  '-f',
  '--upload-pack=touch /tmp/pwned',
  '--output=/tmp/x',
  'a..b',
  'main~1',
  'main^',
  'refs:heads',
  'what?',
  'a*b',
  'a[b',
  'a\\b',
  'has space',
  'tab\there',
  'new\nline',
  'nul\u0000byte',
  'del\u007f',
  'at@{1}',
  '@',
  'HEAD',
  '/leading',
  'trailing/',
  'double//slash',
  'ends.',
  '.hidden',
  'dir/.hidden',
  'branch.lock',
  'dir/branch.lock/x',
  'spoof\u202Eabc',
  'zero\u200Bwidth',
  '',
] as const;

/** Branch names git accepts, which must pass unchanged. */
export const GOOD_REFS = [
  'main',
  'agent/fix-tests-1a2b3c',
  'feature/ünïcode',
  'release-1.2',
  'a.b',
  'x/y/z',
  'v1.0.0-rc.1',
  'user@host',
  'a-',
] as const;

/** Response headers asking for waits far past setTimeout's range (about 24.8 days). */
export function giantWaitHeaders(now = Date.now()): Record<string, string> {
  return {
    'retry-after': '99999999',
    'x-poll-interval': '1e12',
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(Math.floor(now / 1000) + 20 * 365 * 86_400),
  };
}

/** Header values that are not waits at all. */
export const UNREADABLE_WAITS = {
  'retry-after': '-5',
  'x-poll-interval': 'soon',
  'x-ratelimit-reset': 'tomorrow',
} as const;

/** A bad %-encoding (a cut three-byte sequence): decodeURIComponent throws on it. */
export const BAD_PERCENT = '%E0%a4%A';

/** Values of the wrong type for a field that should hold text. */
export const NOT_TEXT = [null, 42, true, { text: 'x' }, ['x']] as const;

/**
 * Streams `bytes` of a JSON-looking body, without Content-Length, as fast as the client takes it; resolves with
 * what was written once the client closes the connection or the body ends.
 */
export function streamHuge(res: http.ServerResponse, bytes: number): Promise<number> {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  return new Promise(resolve => {
    res.on('close', () => resolve(written));
    const pump = (): void => {
      while (written < bytes && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    res.write('{"tasks":[');
    pump();
  });
}

/** Tasks for a sandbox world whose names, prompts and branches carry the hostile text. */
export function hostileWorldTasks(repository: number, creator: number): WorldTask[] {
  return [
    { repository, creator, prompt: `${HOSTILE_TEXT.commandLink}\nplease review`, state: 'in_progress', head_ref: '-f' },
    {
      repository,
      creator,
      prompt: `${HOSTILE_TEXT.image} ${HOSTILE_TEXT.icons}`,
      state: 'completed',
      head_ref: '--upload-pack=touch /tmp/pwned',
    },
    { repository, creator, prompt: `${HOSTILE_TEXT.html}\n${HOSTILE_TEXT.fence}`, state: 'failed', head_ref: 'a..b' },
    { repository, creator, prompt: HOSTILE_TEXT.markdown, state: 'waiting_for_user' },
  ];
}
