// The language-model tools' code, imported on the first call of one of them (chatTools.ts registers stubs at
// activation, under the names package.json declares).
import type * as vscode from 'vscode';
import { CHAT_TOOLS } from '../ids';
import { GetTaskTool } from './getTaskTool';
import { ListTasksTool } from './listTasksTool';
import { StartTaskTool } from './startTaskTool';
import type { ChatToolDeps } from './toolEnv';

/** A tool as VS Code calls it; each takes its own input, which VS Code checked against the declared schema. */
export type ChatTool = Required<vscode.LanguageModelTool<object>>;

/** The three tools, by the name each is registered under. */
export function createTools(deps: ChatToolDeps): ReadonlyMap<string, ChatTool> {
  return new Map<string, ChatTool>([
    [CHAT_TOOLS.startTask, new StartTaskTool(deps)],
    [CHAT_TOOLS.listTasks, new ListTasksTool(deps)],
    [CHAT_TOOLS.getTask, new GetTaskTool(deps)],
  ]);
}
