import { COMMANDS } from '../../ids';
import { DisposableBase } from '../../lifecycle';
import type { Log } from '../../log';
import type { ContinuationLinks } from '../../model/continuationLinks';
import type { TaskGrouping } from '../../model/taskGrouping';
import type { TaskModel } from '../../model/taskModel';
import type { Ui } from '../../ui';
import type { CommandRegistry } from '../../shared/registry';
import { GoToTask } from './goToTask';
import type { AttemptSets } from '../../model/attemptSets';

/** Finding a task: Go to Task…, and My Tasks grouped by repository. */
export class FindCommands extends DisposableBase {
  constructor(
    model: TaskModel,
    links: Pick<ContinuationLinks, 'list'>,
    grouping: TaskGrouping,
    commands: CommandRegistry,
    ui: Ui,
    log: Log,
    sets?: Pick<AttemptSets, 'get'>,
  ) {
    super();
    // A continued task is offered even when no list shows it; the name of what continues it says where it came from.
    const continued = () =>
      links.list().map(l => ({ id: l.id, name: l.name, by: model.store.get(l.task)?.name ?? l.task }));
    const goToTask = new GoToTask({ model, ui, log, continued, sets });
    this.register(
      commands.register({
        [COMMANDS.goToTask]: (initial?: unknown) => goToTask.run(typeof initial === 'string' ? initial : ''),
        [COMMANDS.groupMyTasksByRepo]: () => grouping.setByRepository(true),
        [COMMANDS.groupMyTasksByRepoOn]: () => grouping.setByRepository(false),
      }),
    );
  }
}
