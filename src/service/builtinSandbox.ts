import { host } from '#env';
import * as vscode from 'vscode';
import type { Log } from '../log';
import type * as Sandbox from '../sandbox';
import type { TokenKind } from '../ids';

interface Running {
  url: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** How each demo token is offered: each under its own name, saying whose it is and what it may do. */
/** The sandbox user the demo fine-grained and classic tokens belong to (the installation token is no one's). */
export const DEMO_LOGIN = 'mona';

export const DEMO_TOKEN_OFFERS: Record<TokenKind, { label: string; description: string }> = {
  fine_grained: {
    label: vscode.l10n.t('Use the demo fine-grained token'),
    description: vscode.l10n.t('sandbox user mona'),
  },
  classic: { label: vscode.l10n.t('Use the demo classic token'), description: vscode.l10n.t('sandbox user mona') },
  installation: {
    label: vscode.l10n.t('Use the demo installation token'),
    description: vscode.l10n.t('installation 71'),
  },
};

/**
 * The local implementation of the service, started on loopback inside the extension host the first time it is
 * needed, with its demo world. Its state is kept in the extension's global storage so tasks survive a reload.
 */
export class BuiltinSandbox implements vscode.Disposable {
  private starting: Promise<Running> | undefined;
  private running: Running | undefined;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly log: Log,
  ) {}

  /** The address once started, '' before. */
  get url(): string {
    return this.running?.url ?? '';
  }

  start(): Promise<Running> {
    if (!this.starting) {
      const launched = this.launch();
      this.starting = launched;
      // Registered before any caller's own continuation, so `url` is set when `await start()` returns.
      launched.then(
        r => {
          if (this.starting === launched) this.running = r;
        },
        () => {
          if (this.starting === launched) this.starting = undefined;
        },
      );
    }
    return this.starting;
  }

  private async launch(): Promise<Running> {
    const t0 = Date.now();
    const mod = await sandboxModule();
    await vscode.workspace.fs.createDirectory(this.storage);
    const statePath = vscode.Uri.joinPath(this.storage, 'sandbox-state.json').fsPath;
    const sbx = await mod.startSandbox({ host: '127.0.0.1', port: 0, statePath, log: line => this.log.warn(line) });
    this.log.info(`built-in sandbox listening on ${sbx.url} (started in ${Date.now() - t0} ms)`);
    // In a web or remote editor, a page opened from here reaches the sandbox through the editor's port proxy, which
    // passes on its own Host: vouch for it, for the web pages only (the service and git stay on loopback).
    const outside = await Promise.resolve(vscode.env.asExternalUri(vscode.Uri.parse(sbx.url))).catch(() => undefined);
    if (outside && /^https?$/.test(outside.scheme) && outside.authority !== new URL(sbx.url).host) {
      sbx.vouchPageHost(outside.authority);
      this.log.info(`built-in sandbox pages also answer through ${outside.authority}`);
    }
    return sbx;
  }

  /**
   * Back to the demo world: tasks started since are gone, a revoked demo token works again. Resolves once the reset
   * is on disk (the sandbox answers a change only then), so a crash right after cannot undo it.
   */
  async reset(): Promise<void> {
    const r = await this.start();
    await r.reset();
    this.log.info('built-in sandbox reset to its demo world');
  }

  /** The demo world's token of each kind; they are public test values, not secrets. */
  async demoTokens(): Promise<Record<TokenKind, string>> {
    const t = (await sandboxModule()).DEMO_TOKENS as Record<string, string>;
    return { fine_grained: t.fineGrained, classic: t.classic, installation: t.installation };
  }

  /** The demo world's repositories, offered when choosing a repository by hand. */
  async demoRepositories(): Promise<Array<{ owner: string; repo: string }>> {
    return ((await sandboxModule()).demoWorld().repositories ?? []).map(r => ({ owner: r.owner, repo: r.name }));
  }

  /** Stops the server, also one still starting (it is closed as soon as it is up). */
  async stop(): Promise<void> {
    const pending = this.starting;
    this.running = undefined;
    this.starting = undefined;
    const r = pending && (await pending.catch(() => undefined));
    if (r) {
      await r.close();
      this.log.info('built-in sandbox stopped');
    }
  }

  dispose(): void {
    void this.stop().catch(err => this.log.warn(`sandbox close: ${String(err)}`));
  }
}

/** The sandbox's module where this host can run a server (src/env); in the browser, words saying where it runs. */
function sandboxModule(): Promise<typeof Sandbox> {
  if (host.sandbox) return host.sandbox();
  return Promise.reject(
    new Error(
      vscode.l10n.t(
        'The built-in sandbox needs the desktop, a remote or a server extension host; in the browser, run it with `npm run sandbox -- --allow-origin <the origin of this editor>` and set "agentTasks.serviceUrl" to its address.',
      ),
    ),
  );
}
