// Git's smart HTTP for the world's repositories, through `git http-backend` run as a CGI program: fetch and clone
// (`GET {repo}.git/info/refs?service=git-upload-pack`, `POST {repo}.git/git-upload-pack`) for anyone, push
// (`…?service=git-receive-pack`, `POST {repo}.git/git-receive-pack`) for users with write access (see push.ts). The
// old "dumb" protocol, and whatever push.ts refuses, get a plain-text reason git shows to its user.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import type { RepoRec, State } from '../state';
import { checkPusher, ensureHooks, gitRequestEnv, tooLarge } from './push';
import type { GitRepos } from './repos';
import { gitEnv } from './run';

/** What serving a git request needs of the running sandbox. */
export interface GitServing {
  repos: GitRepos;
  /** The git program. */
  git: string;
  state: State;
  /** The largest push taken, in bytes. */
  pushLimit: number;
}

const SERVICES = new Set(['info/refs', 'git-upload-pack', 'git-receive-pack']);
const MAX_HEAD = 64 * 1024;

/** The world repository a git path (`/{owner}/{repo}[.git]/info/refs` …) names, with the rest of the path. */
export function gitTarget(st: State, segments: string[]): { repo: RepoRec; rest: string } | undefined {
  if (segments.length < 3 || segments.length > 4) return undefined;
  const rest = segments.slice(2).join('/');
  if (!SERVICES.has(rest)) return undefined;
  const [owner, name] = segments;
  const repo =
    st.reposByName.get(`${owner}/${name}`.toLowerCase()) ??
    (/\.git$/i.test(name) ? st.reposByName.get(`${owner}/${name.slice(0, -4)}`.toLowerCase()) : undefined);
  return repo?.git ? { repo, rest } : undefined;
}

function plain(res: ServerResponse, status: number, text: string, more: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...more,
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function serveGit(
  g: GitServing,
  req: IncomingMessage,
  res: ServerResponse,
  repo: RepoRec,
  rest: string,
  search: string,
): Promise<void> {
  const { repos, git } = g;
  const service = new URLSearchParams(search).get('service');
  const method = req.method ?? 'GET';
  const push = rest === 'git-receive-pack' || (rest === 'info/refs' && service === 'git-receive-pack');
  const known = rest === 'info/refs' ? service === 'git-upload-pack' || service === 'git-receive-pack' : true;
  if (!known || (rest === 'info/refs' ? method !== 'GET' : method !== 'POST')) {
    return plain(
      res,
      403,
      "The sandbox speaks git's smart HTTP protocol only (fetch and clone with git 1.6.6 or later).\n",
    );
  }
  const dir = repos.dirOf(repo);
  if (!dir || !(await repos.available())) {
    return plain(
      res,
      503,
      "git cannot be run by the sandbox, so its repositories are not served; see the sandbox's log.\n",
    );
  }
  const pusher = push ? checkPusher(g.state, req, repo) : undefined;
  if (pusher && !pusher.ok) {
    req.resume();
    return plain(res, pusher.status, pusher.text, pusher.headers);
  }
  await repos.settled(dir);
  if (!fs.existsSync(dir)) return plain(res, 404, "This repository could not be created; see the sandbox's log.\n");
  const root = path.dirname(path.dirname(dir));
  const h = req.headers;
  const hooks = pusher ? ensureHooks(root) : undefined;
  const env = gitEnv({
    ...gitRequestEnv(hooks, pusher?.ok ? { ...pusher, repo, limit: g.pushLimit } : undefined),
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: `/${path.relative(root, dir).split(path.sep).join('/')}/${rest}`,
    REQUEST_METHOD: method,
    QUERY_STRING: search,
    CONTENT_TYPE: String(h['content-type'] ?? ''),
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
    ...(h['content-length'] !== undefined ? { CONTENT_LENGTH: String(h['content-length']) } : {}),
    ...(h['git-protocol'] !== undefined ? { HTTP_GIT_PROTOCOL: String(h['git-protocol']) } : {}),
    ...(h['content-encoding'] !== undefined ? { HTTP_CONTENT_ENCODING: String(h['content-encoding']) } : {}),
  });
  const child = spawn(git, ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-2000)));
  child.stdin.on('error', () => undefined);
  if (push && rest === 'git-receive-pack') limitBody(req, child, g.pushLimit);
  else req.pipe(child.stdin);
  res.on('close', () => {
    if (child.exitCode === null) child.kill();
  });
  await new Promise<void>(resolve => {
    let head = Buffer.alloc(0);
    const fail = (why: string): void => {
      if (!res.headersSent) plain(res, 503, `git http-backend failed: ${why}\n`);
      else res.destroy();
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const crlf = head.indexOf('\r\n\r\n');
      const lf = head.indexOf('\n\n');
      const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
      if (end < 0) {
        if (head.length > MAX_HEAD) fail('no end of headers');
        return;
      }
      child.stdout.off('data', onData);
      const { status, headers } = cgiHeaders(head.subarray(0, end).toString('latin1'));
      res.writeHead(status, { ...headers, 'x-content-type-options': 'nosniff' });
      res.write(head.subarray(end + (end === crlf ? 4 : 2)));
      child.stdout.pipe(res);
      child.stdout.once('end', () => resolve());
    };
    child.stdout.on('data', onData);
    child.on('error', e => fail(e.message));
    child.on('close', code => {
      if (!res.headersSent) fail(`exit code ${code}: ${stderr.trim().slice(0, 300)}`);
    });
  });
}

/**
 * Feeds a push to git, but no more than a little over the limit: git refuses a pack over `receive.maxInputSize`
 * with its own message; a body that goes on far beyond it (no Content-Length) is cut here.
 */
function limitBody(req: IncomingMessage, child: ChildProcessWithoutNullStreams, limit: number): void {
  let seen = 0;
  const cap = limit + 1024 * 1024;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > cap) {
      req.unpipe(child.stdin);
      child.stdin.end();
      req.destroy(new Error(tooLarge(seen, limit)));
    }
  });
  req.pipe(child.stdin);
}

function cgiHeaders(text: string): { status: number; headers: Record<string, string> } {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    if (name === 'status') status = Number(/^\d{3}/.exec(value)?.[0] ?? 200);
    else if (/^[a-z0-9-]+$/.test(name)) headers[name] = value;
  }
  return { status, headers };
}
