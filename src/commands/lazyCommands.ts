// Stubs for the commands of dist/commands.js (see bundle.ts): each is registered at activation with the one error
// policy, and the first call of any of them requires the bundle and builds its commands; later calls go straight to
// the handler. The manifest contributes the commands, so the palette, menus and keybindings know them meanwhile.
import { COMMANDS, INSTALLATION_COMMANDS } from '../ids';
import { loadBundle } from '../lazy';
import type * as Bundle from './bundle';
import type { Disposable } from '../lifecycle';
import type { CommandDeps, Handler } from './bundle';
import type { CommandRegistry } from '../shared/registry';

/** Every command but the status bar's own (it is drawn at activation): their code is in dist/commands.js. */
export const LAZY_COMMANDS: readonly string[] = [
  ...Object.values(COMMANDS).filter(id => id !== COMMANDS.serviceProblem),
  ...Object.values(INSTALLATION_COMMANDS),
];

/** Registers the stubs; `keep` is handed what disposes the commands once they are built. */
export function registerLazyCommands(
  commands: CommandRegistry,
  deps: CommandDeps,
  keep: (built: Disposable) => void,
): Disposable {
  let handlers: Map<string, Handler> | undefined;
  const built = (): Map<string, Handler> => {
    if (handlers) return handlers;
    const kept = new Map<string, Handler>();
    keep(loadBundle<typeof Bundle>('commands').register(deps, kept));
    // The list above and the bundle must agree: a command the bundle has and no stub calls would never run.
    const unlisted = [...kept.keys()].filter(id => !LAZY_COMMANDS.includes(id));
    const missing = LAZY_COMMANDS.filter(id => !kept.has(id));
    if (unlisted.length || missing.length)
      throw new Error(`dist/commands.js and its stubs disagree: ${[...unlisted, ...missing].join(', ')}`);
    handlers = kept;
    return kept;
  };
  const stub =
    (id: string) =>
    (...args: unknown[]): unknown =>
      (built().get(id) as (...a: unknown[]) => unknown)(...args);
  return commands.register(Object.fromEntries(LAZY_COMMANDS.map(id => [id, stub(id)])));
}
