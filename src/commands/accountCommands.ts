import * as vscode from 'vscode';
import type { AccountBook } from '../auth/accountBook';
import { gitHubClassicNote, gitHubRefusal } from '../auth/githubAccount';
import { checkToken, type TokenVerdict } from '../auth/tokenCheck';
import type { TokenStore } from '../auth/tokenStore';
import { COMMANDS, SETTINGS_SECTION, TOKEN_KIND_LABELS, TOKEN_KINDS, type TokenKind } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { answersAsSandbox, checkAddress, type AddressFinding } from '../service/addressCheck';
import { DEMO_LOGIN, DEMO_TOKEN_OFFERS, type BuiltinSandbox } from '../service/builtinSandbox';
import type { ServiceClients } from '../service/clients';
import type { ServiceChoice } from '../service/serviceChoice';
import { validateServiceUrl } from '../service/serviceUrl';
import { forMessage } from '../safety/serviceText';
import { tell, type Ui } from '../ui';
import { offerGitHubAccount, type FromGitHub } from './githubAccountChoice';
import type { CommandRegistry } from '../shared/registry';

/** Set Token…, Sign Out, Set Service Address…, Try the Built-in Sandbox. */
export class AccountCommands extends DisposableBase {
  constructor(
    private readonly tokens: TokenStore,
    private readonly service: ServiceChoice,
    private readonly sandbox: BuiltinSandbox,
    private readonly clients: Pick<ServiceClients, 'probe'>,
    private readonly ui: Ui,
    commands: CommandRegistry,
    private readonly log: Log,
    /** Who each token belongs to, for the Accounts menu. */
    private readonly accountBook?: AccountBook,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.setToken]: (kind?: unknown, value?: unknown) => this.setToken(kind, value),
        [COMMANDS.signOut]: (kind?: unknown) => this.signOut(kind),
        [COMMANDS.configureService]: (url?: unknown) => this.configureService(url),
        [COMMANDS.useSandbox]: () => this.useSandbox(),
      }),
    );
  }

  /** `(kind, value)` sets a token without any UI (tests, scripts); otherwise the user picks the kind and types. */
  async setToken(kindArg?: unknown, valueArg?: unknown): Promise<boolean> {
    if (this.service.current().kind === 'none') {
      const choice = await this.ui.notify(
        'warning',
        vscode.l10n.t('Set the service address first, or try the built-in sandbox.'),
        vscode.l10n.t('Set Service Address…'),
        vscode.l10n.t('Try the Sandbox'),
      );
      if (choice === vscode.l10n.t('Set Service Address…')) await this.configureService();
      else if (choice === vscode.l10n.t('Try the Sandbox')) await this.useSandbox();
      if (this.service.current().kind === 'none') return false;
      if (kindArg === undefined && this.service.current().kind === 'sandbox') return true; // demo tokens are in place
    }
    let kind = TOKEN_KINDS.includes(kindArg as TokenKind) ? (kindArg as TokenKind) : undefined;
    if (kindArg !== undefined && !kind)
      throw new Error(`Unknown token kind: ${typeof kindArg === 'string' ? kindArg : JSON.stringify(kindArg)}`);
    if (!kind) {
      const items = await Promise.all(
        TOKEN_KINDS.map(async k => ({
          label: TOKEN_KIND_LABELS[k],
          description: (await this.tokens.has(k)) ? vscode.l10n.t('set') : vscode.l10n.t('not set'),
          tokenKind: k,
        })),
      );
      kind = (await this.ui.pick(items, { placeHolder: vscode.l10n.t('Which token do you want to set?') }))?.tokenKind;
      if (!kind) return false;
    }
    let value = typeof valueArg === 'string' ? valueArg : undefined;
    let fromGitHub: FromGitHub | undefined;
    if (value === undefined) {
      const offered = await offerGitHubAccount(this.ui, kind, this.service.current().url);
      if (offered === 'cancel') return false;
      if (offered !== 'enter') [fromGitHub, value] = [offered, offered.token];
    }
    // Checked with one read before it is kept: a token the service refuses is never saved.
    const where = this.service.current().label;
    const check = (token: string) =>
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Checking the token with {0}…', where) },
        () => checkToken(kind, read => this.clients.probe(token, read), where, fromGitHub?.login),
      );
    let typed: TokenVerdict | undefined;
    if (value === undefined) {
      // Typed: checked in its box, which stays open saying why the service refused it, for another try.
      value = await this.askValue(kind, async v => {
        typed = await check(v.trim());
        if (!typed.save) this.log.info(`token ${kind}: refused in its box, not saved (${typed.level})`);
        return typed.save ? undefined : typed.text;
      });
      if (value === undefined) return false;
    }
    const candidate = value.trim();
    if (!candidate) throw new Error(vscode.l10n.t('A token cannot be empty.'));
    const checked = typed ?? (await check(candidate));
    const verdict = fromGitHub ? this.saidOfGitHub(checked, kind, fromGitHub, where) : checked;
    this.log.info(`token ${kind}: ${verdict.save ? 'set' : 'refused, not saved'} (${verdict.level})`);
    if (verdict.save) {
      await this.tokens.set(kind, candidate);
      await this.noteWho(kind, candidate, fromGitHub?.login);
    }
    // Said when the user set it by hand, and always when something is wrong with it.
    if (valueArg === undefined || verdict.level !== 'info') {
      const again = verdict.save ? [] : [{ title: vscode.l10n.t('Set Token…'), run: () => this.setToken(kind) }];
      tell(this.ui, verdict.level, verdict.text, again);
    }
    return verdict.save;
  }

  /** A token from the GitHub account is checked like any other; a refusal says what token to make instead. */
  private saidOfGitHub(verdict: TokenVerdict, kind: TokenKind, from: FromGitHub, where: string): TokenVerdict {
    const refusal = kind === 'fine_grained' ? gitHubRefusal(verdict.status, where, from.signIn.web) : undefined;
    if (refusal) return { ...verdict, text: refusal };
    if (kind === 'classic') return { ...verdict, text: `${verdict.text} ${gitHubClassicNote(from.signIn.web)}` };
    return verdict;
  }

  /** Notes whose the token just set is, when that is known: the GitHub account's, or a sandbox's demo user's. */
  private async noteWho(kind: TokenKind, token: string, login: string | undefined): Promise<void> {
    const service = this.service.current();
    const demo = service.local && kind !== 'installation' && token === (await this.demoToken(kind));
    const who = login ?? (demo ? DEMO_LOGIN : undefined);
    if (this.accountBook && who) await this.accountBook.rememberWho(service.scope, kind, token, who);
  }

  /** The token typed (or the demo token picked); `accept` checks a typed one in its box. */
  private async askValue(
    kind: TokenKind,
    accept: (value: string) => Promise<string | undefined>,
  ): Promise<string | undefined> {
    const service = this.service.current();
    const sandbox = service.kind === 'sandbox' ? vscode.l10n.t('the built-in sandbox') : await this.otherSandbox();
    const demo = sandbox ? await this.demoToken(kind) : undefined;
    if (demo) {
      const offer = DEMO_TOKEN_OFFERS[kind];
      const pick = await this.ui.pick(
        [
          { label: `$(beaker) ${offer.label}`, description: offer.description, use: true },
          { label: vscode.l10n.t('$(key) Enter a token…'), use: false },
        ],
        { placeHolder: vscode.l10n.t('This is {0}: its demo tokens let you try everything', sandbox ?? '') },
      );
      if (!pick) return undefined;
      if (pick.use) return demo;
    }
    // Where the token will be sent, so that the user sees it before pasting one. A secret: the box masks it.
    return this.ui.secret({
      title: vscode.l10n.t('{0} for {1}', TOKEN_KIND_LABELS[kind], service.label),
      prompt: vscode.l10n.t(
        'Kept in the secret storage of VS Code, never in settings; sent only to {0}.',
        service.label,
      ),
      validate: v =>
        v.trim()
          ? /\s/.test(v.trim())
            ? vscode.l10n.t('A token has no spaces.')
            : undefined
          : vscode.l10n.t('Paste the token.'),
      accept,
    });
  }

  /** A loopback address is offered demo tokens only when it answers as a sandbox (the one `npm start` runs). */
  private async otherSandbox(): Promise<string | undefined> {
    const service = this.service.current();
    if (service.kind !== 'remote' || !service.local) return undefined;
    return (await answersAsSandbox(service.url)) ? vscode.l10n.t('a sandbox at {0}', service.label) : undefined;
  }

  private async demoToken(kind: TokenKind): Promise<string | undefined> {
    try {
      return (await this.sandbox.demoTokens())[kind];
    } catch {
      return undefined; // the sandbox's code is not shipped
    }
  }

  async signOut(kindArg?: unknown): Promise<void> {
    let kinds: TokenKind[];
    if (TOKEN_KINDS.includes(kindArg as TokenKind)) kinds = [kindArg as TokenKind];
    else if (kindArg === 'all') kinds = [...TOKEN_KINDS];
    else {
      const set: TokenKind[] = [];
      for (const k of TOKEN_KINDS) if (await this.tokens.has(k)) set.push(k);
      if (!set.length) {
        void this.ui.notify('info', vscode.l10n.t('No token is set for this service.'));
        return;
      }
      const picked = await this.ui.pickMany(
        set.map(k => ({ label: TOKEN_KIND_LABELS[k], tokenKind: k, picked: true })),
        { placeHolder: vscode.l10n.t('Remove which tokens from the secret storage?') },
      );
      if (!picked?.length) return;
      kinds = picked.map(p => p.tokenKind);
    }
    for (const k of kinds) await this.tokens.delete(k);
    this.log.info(`signed out: ${kinds.join(', ')}`);
  }

  /** Sets the address (or clears it with ''), then tries it and says what it found; resolves with that finding. */
  async configureService(urlArg?: unknown): Promise<AddressFinding | undefined> {
    const current = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<string>('serviceUrl', '');
    // The last address that answered, when the one set now never did (a typo, a service gone): offered in the box.
    const answered = this.service.lastAnswered();
    const offered = answered && answered !== current ? answered : undefined;
    const url =
      typeof urlArg === 'string'
        ? urlArg
        : await this.ui.input({
            title: vscode.l10n.t('Agent Tasks service address'),
            prompt: offered
              ? current
                ? vscode.l10n.t(
                    'The last address that answered is filled in; the one set now, {0}, did not. Empty: none.',
                    forMessage(current, 200),
                  )
                : vscode.l10n.t('The last address that answered is filled in. Empty: none.')
              : vscode.l10n.t(
                  'For example https://api.example.com, or an enterprise address such as https://code.example.com/api/v3. Empty: none.',
                ),
            value: offered ?? current,
            validate: validateServiceUrl,
          });
    if (url === undefined) return undefined;
    const problem = validateServiceUrl(url);
    if (problem) throw new Error(problem);
    const address = url.trim().replace(/\/+$/, '');
    await vscode.workspace
      .getConfiguration(SETTINGS_SECTION)
      .update('serviceUrl', address, vscode.ConfigurationTarget.Global);
    if (!address) return undefined;
    // Said at once: an address that does not answer is not left to look like one that works.
    const hasToken = await this.tokens.has('fine_grained'); // the new address's: tokens are kept per address
    const found = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Trying {0}…', address) },
      () => checkAddress(address, read => this.clients.probe(undefined, read), hasToken),
    );
    this.log.info(`service address ${address}: ${found.kind}`);
    if (found.kind === 'reachable') this.service.noteAnswered(address);
    void this.ui.notify(found.level, found.text);
    return found;
  }

  /** Opts into the built-in sandbox and puts its demo tokens in place for the kinds not set yet. */
  async useSandbox(): Promise<void> {
    if (this.service.current().kind === 'remote') {
      const go = await this.ui.confirm(
        vscode.l10n.t('A service address is set. Clear it and use the built-in sandbox instead?'),
        '',
        vscode.l10n.t('Use the Sandbox'),
      );
      if (!go) return;
      await vscode.workspace
        .getConfiguration(SETTINGS_SECTION)
        .update('serviceUrl', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the built-in sandbox…') },
      async () => {
        await this.service.chooseSandbox(true);
        const demo = await this.sandbox.demoTokens();
        for (const k of TOKEN_KINDS)
          if (!(await this.tokens.has(k))) {
            await this.tokens.set(k, demo[k]);
            await this.noteWho(k, demo[k], undefined);
          }
        await this.sandbox.start();
      },
    );
    this.log.info('using the built-in sandbox with its demo tokens');
  }
}
