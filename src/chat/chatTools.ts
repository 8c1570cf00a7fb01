// Registers the language-model tools that package.json's `languageModelTools` declares. In an editor without the
// language-model API (older than VS Code 1.95, or a build that leaves it out) there is nothing to register. What is
// registered at activation is a stub per name; the tools' code (tools.ts and what it imports) is imported when the
// chat first prepares or calls one of them, so a window that never uses them never loads it.
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Observers } from '../observers';
import type { ChatTool } from './tools';
import { onFirstUse } from '../shared/onFirstUse';
import type { ChatToolDeps } from './toolEnv';

export class ChatTools extends DisposableBase {
  private readonly tools = onFirstUse(() => import('./tools').then(m => m.createTools(this.deps)));

  constructor(
    private readonly deps: ChatToolDeps,
    private readonly observers: Observers = {},
  ) {
    super();
    const lm = (vscode as Partial<typeof vscode>).lm;
    if (typeof lm?.registerTool !== 'function') {
      deps.log.info('this editor has no language-model tool API; the chat tools are not registered');
      return;
    }
    for (const name of Object.values(CHAT_TOOLS)) this.add(lm, name);
  }

  private async tool(name: string): Promise<ChatTool> {
    const tool = (await this.tools()).get(name);
    if (!tool) throw new Error(`the chat tools have none named ${name}`);
    return tool;
  }

  private add(lm: typeof vscode.lm, name: string): void {
    this.register(
      lm.registerTool<object>(name, {
        invoke: async (options, token) => (await this.tool(name)).invoke(options, token),
        prepareInvocation: async (options, token) => {
          const prepared = (await (await this.tool(name)).prepareInvocation(options, token)) ?? undefined;
          this.observers.preparedToolCall?.(name, prepared);
          return prepared;
        },
      }),
    );
  }
}
