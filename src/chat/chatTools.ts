// Registers the language-model tools that package.json's `languageModelTools` declares. In an editor without the
// language-model API (older than VS Code 1.95, or a build that leaves it out) there is nothing to register.
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Observers } from '../observers';
import { GetTaskTool } from './getTaskTool';
import { ListTasksTool } from './listTasksTool';
import { StartTaskTool } from './startTaskTool';
import type { ChatToolDeps } from './toolEnv';

export class ChatTools extends DisposableBase {
  constructor(
    deps: ChatToolDeps,
    private readonly observers: Observers = {},
  ) {
    super();
    const lm = (vscode as Partial<typeof vscode>).lm;
    if (typeof lm?.registerTool !== 'function') {
      deps.log.info('this editor has no language-model tool API; the chat tools are not registered');
      return;
    }
    this.add(lm, CHAT_TOOLS.startTask, new StartTaskTool(deps));
    this.add(lm, CHAT_TOOLS.listTasks, new ListTasksTool(deps));
    this.add(lm, CHAT_TOOLS.getTask, new GetTaskTool(deps));
  }

  private add<T>(lm: typeof vscode.lm, name: string, tool: Required<vscode.LanguageModelTool<T>>): void {
    this.register(
      lm.registerTool<T>(name, {
        invoke: (options, token) => tool.invoke(options, token),
        prepareInvocation: async (options, token) => {
          const prepared = (await tool.prepareInvocation(options, token)) ?? undefined;
          this.observers.preparedToolCall?.(name, prepared);
          return prepared;
        },
      }),
    );
  }
}
