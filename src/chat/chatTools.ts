// Registers the language-model tools that package.json's `languageModelTools` declares. In an editor without the
// language-model API (older than VS Code 1.95, or a build that leaves it out) there is nothing to register. What is
// registered at activation is a stub per name; the tools' code (dist/chat.js) is required when the chat first
// prepares or calls one of them, so a window that never uses them never loads it.
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../ids';
import { loadBundle } from '../lazy';
import { DisposableBase } from '../lifecycle';
import type { Observers } from '../observers';
import type * as Bundle from './bundle';
import type { ChatToolDeps } from './toolEnv';

export class ChatTools extends DisposableBase {
  private tools: ReadonlyMap<string, Bundle.ChatTool> | undefined;

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

  private tool(name: string): Bundle.ChatTool {
    this.tools ??= loadBundle<typeof Bundle>('chat').createTools(this.deps);
    const tool = this.tools.get(name);
    if (!tool) throw new Error(`dist/chat.js has no tool named ${name}`);
    return tool;
  }

  private add(lm: typeof vscode.lm, name: string): void {
    this.register(
      lm.registerTool<object>(name, {
        invoke: (options, token) => this.tool(name).invoke(options, token),
        prepareInvocation: async (options, token) => {
          const prepared = (await this.tool(name).prepareInvocation(options, token)) ?? undefined;
          this.observers.preparedToolCall?.(name, prepared);
          return prepared;
        },
      }),
    );
  }
}
