// Review Changes and Apply Changes / Check Out in New Worktree: built in dist/commands.js on first use, from what the
// changes feature (changes.ts) hands over; the feature itself is built when one of them first runs.
import type { CommandRegistry } from '../commands/registry';
import { LandCommands } from '../land/landCommands';
import type { Disposable } from '../lifecycle';
import type { ChangesCommandDeps } from './changes';
import { ChangesCommands } from './changesCommands';

export function registerChangesCommands(deps: () => ChangesCommandDeps, commands: CommandRegistry): Disposable[] {
  return [new ChangesCommands(() => deps().review, commands), new LandCommands(() => deps().land, commands)];
}
