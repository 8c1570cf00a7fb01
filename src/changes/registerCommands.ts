// Review Changes, the review's comments and feedback, the commits, Apply Changes and Apply This Change, Check Out in
// New Worktree: built with the other commands' handlers on first use (commands/handlers.ts), from what the changes
// feature (changes.ts) hands over; the feature itself is imported and built when one of them first runs.
import type { CommandRegistry } from '../shared/registry';
import { LandCommands } from './land/landCommands';
import type { Disposable } from '../lifecycle';
import type { ChangesCommandDeps } from './changes';
import { ReviewCommands } from './review/reviewCommands';
import { ChangesCommands } from './changesCommands';
import { ReviewTabs } from './reviewTabs';
import { CommitCommands } from './commitCommands';
import { CompareWorkingTree } from './compareWorkingTree';
import { AttemptCommands } from './attempts/attemptCommands';

export function registerChangesCommands(deps: () => ChangesCommandDeps, commands: CommandRegistry): Disposable[] {
  // Which task each Review Changes editor shows: Review Changes records it, Apply Changes from its title bar reads it.
  const tabs = new ReviewTabs();
  const land = new LandCommands(() => deps().land, commands, tabs);
  return [
    new ChangesCommands(() => deps().review, commands, tabs),
    land,
    new ReviewCommands(() => deps().comments, commands),
    new CommitCommands(() => deps().comments, commands),
    new CompareWorkingTree(() => deps().comments, commands),
    new AttemptCommands(() => deps().attempts, commands, land),
  ];
}
