// Helpers of the Accounts tests: a stand-in for VS Code's GitHub sign-in, and an enterprise-style address for the
// sandbox (GitHub Enterprise Server serves its API under /api/v3; the sandbox serves it at its root).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { SANDBOX } from './tasksSupport';

/** A GitHub sign-in that has one account, whose token is `token`, and records the scopes it was asked for. */
export class FakeGitHubSignIn implements vscode.AuthenticationProvider {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  readonly asked: string[][] = [];
  private sessions: vscode.AuthenticationSession[] = [];
  private readonly registration: vscode.Disposable;

  constructor(
    id: string,
    private readonly login: string,
    public token: string,
  ) {
    this.registration = vscode.authentication.registerAuthenticationProvider(id, `Test ${id}`, this);
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    if (scopes) this.asked.push([...scopes]);
    return this.sessions.filter(s => (scopes ?? []).every(k => s.scopes.includes(k)));
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    this.asked.push([...scopes]);
    const session = {
      id: `s${this.sessions.length}`,
      accessToken: this.token,
      account: { id: '1', label: this.login },
      scopes,
    };
    this.sessions.push(session);
    this.changed.fire({ added: [session], removed: [], changed: [] });
    return session;
  }

  async removeSession(id: string): Promise<void> {
    this.sessions = this.sessions.filter(s => s.id !== id);
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

/** The sandbox behind `/api/v3` on another port: each request is passed on with the prefix taken off. */
export async function enterpriseFront(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/api\/v3(?=\/|$)/, '') || '/';
    const onward = http.request(
      `${SANDBOX}${path}`,
      { method: req.method, headers: { ...req.headers, host: new URL(SANDBOX).host } },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.writeHead(502).end());
    req.pipe(onward);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
