// Stubs for every command the manifest contributes and activation did not register itself (the status bar's): each
// is registered at activation with the one error policy, and the first call of any of them imports handlers.ts and
// builds its commands; later calls go straight to the handler. The manifest's list is the stubs' list, so a command
// is added in package.json and in the handler map of the class that runs it, nowhere else.
import type { Disposable } from '../lifecycle';
import type { CommandDeps, Handler } from './handlers';
import type { CommandRegistry } from '../shared/registry';
import { onFirstUse } from '../shared/onFirstUse';

export interface LazyCommands extends Disposable {
  /** The handlers' ids, building them now if no command ran yet (the test surface compares them with the manifest). */
  handlerIds(): Promise<string[]>;
}

/** Registers the stubs; `keep` is handed what disposes the commands once they are built. */
export function registerLazyCommands(
  commands: CommandRegistry,
  contributed: readonly string[],
  deps: CommandDeps,
  keep: (built: Disposable) => void,
): LazyCommands {
  const stubbed = contributed.filter(id => !commands.has(id));
  const built = onFirstUse(async (): Promise<Map<string, Handler>> => {
    const kept = new Map<string, Handler>();
    keep(await (await import('./handlers')).register(deps, kept));
    // The manifest and the handlers must agree: a command without a handler would fail, one without a stub never run.
    const unlisted = [...kept.keys()].filter(id => !stubbed.includes(id));
    const missing = stubbed.filter(id => !kept.has(id));
    if (unlisted.length || missing.length)
      throw new Error(`package.json and the command handlers disagree: ${[...unlisted, ...missing].join(', ')}`);
    return kept;
  });
  const stub =
    (id: string) =>
    async (...args: unknown[]): Promise<unknown> =>
      ((await built()).get(id) as (...a: unknown[]) => unknown)(...args);
  const registered = commands.register(Object.fromEntries(stubbed.map(id => [id, stub(id)])));
  return {
    handlerIds: async () => [...(await built()).keys()],
    dispose: () => registered.dispose(),
  };
}
