// What activate() returns to other extensions (the types in ./types.ts): the tasks known, as copies in plain data,
// their changes of state, and a start that asks the user through Start Task… itself. Nothing of the extension's own
// objects is reachable from it: no model, no client, no token.
import * as vscode from 'vscode';
import type { Task } from '../api';
import { COMMANDS } from '../ids';
import type { TaskModel } from '../model/taskModel';
import { checkOpenable } from '../safety/safeLink';
import { Emitter } from '../shared/emitter';
import type { DraftStore } from '../tasks/draftStore';
import type { StartArgs } from '../tasks/start/startCommands';
import type { StartResult } from '../tasks/taskStarter';
import type {
  AgentTaskInfo,
  AgentTaskStartOptions,
  AgentTaskStartResult,
  AgentTaskStateChange,
  AgentTasksApi,
} from './types';

export type * from './types';

export interface PublicApiDeps {
  model: Pick<TaskModel, 'store' | 'repoName' | 'onDidChangeTasks'>;
  /** The service's address now: a task's web page is given only on it (as the extension would open it). */
  serviceUrl: () => string;
  /** The prompt the user keeps: a start another extension asked for, once declined, leaves it as it was. */
  drafts: Pick<DraftStore, 'get' | 'save' | 'clear'>;
}

/** The API, and what to dispose of with the extension. */
export function createPublicApi(d: PublicApiDeps): { api: AgentTasksApi; dispose(): void } {
  const changed = new Emitter<AgentTaskStateChange>();
  const info = (t: Task): AgentTaskInfo => infoOf(t, d.model.repoName(t), d.serviceUrl());
  const listening = d.model.onDidChangeTasks(c => {
    const seen = new Set<string>();
    for (const t of c.transitions) {
      const key = `${t.id}\n${t.from}\n${t.to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      changed.fire(Object.freeze({ task: info(t.task), before: t.from, after: t.to }));
    }
  });
  const api: AgentTasksApi = Object.freeze({
    version: 1 as const,
    tasks: () => {
      const byId = new Map<string, Task>();
      for (const key of d.model.store.listKeys()) for (const t of d.model.store.list(key)) byId.set(t.id, t);
      return Object.freeze([...byId.values()].map(info));
    },
    onDidChangeTaskState: changed.event,
    startTask: async (prompt: string, options?: AgentTaskStartOptions): Promise<AgentTaskStartResult> => {
      if (typeof prompt !== 'string' || !prompt.trim()) throw new TypeError('startTask needs a prompt (a string)');
      const args: StartArgs = { prompt, options: startOptions(options) };
      const kept = d.drafts.get();
      const r = await vscode.commands.executeCommand<StartResult | undefined>(COMMANDS.startTask, args);
      if (!r) {
        // Start Task… keeps a dismissed prompt as the draft; a prompt another extension proposed is not the user's.
        if (kept) {
          const { savedAt: _, ...draft } = kept;
          await d.drafts.save(draft);
        } else await d.drafts.clear();
        return Object.freeze({ started: false, reason: 'declined' as const });
      }
      if (!r.ok) return Object.freeze({ started: false, reason: 'failed' as const, problem: r.problem });
      return Object.freeze({ started: true as const, task: info(r.task) });
    },
  });
  return {
    api,
    dispose: () => {
      listening.dispose();
      changed.dispose();
    },
  };
}

function infoOf(t: Task, repository: string | undefined, serviceUrl: string): AgentTaskInfo {
  const web = checkOpenable(t.html_url, serviceUrl);
  return Object.freeze({
    id: t.id,
    name: t.name,
    state: t.state,
    ...(repository ? { repository } : {}),
    createdAt: t.created_at,
    updatedAt: t.updated_at,
    archived: t.archived_at !== null,
    ...(web.ok ? { webUrl: web.url } : {}),
  });
}

/** Only the fields a start takes, of the right types: anything else a caller passes is left out. */
function startOptions(o: AgentTaskStartOptions | undefined): StartArgs['options'] {
  if (!o || typeof o !== 'object') return {};
  const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const out: StartArgs['options'] = {};
  const model = text(o.model);
  const base = text(o.baseRef);
  const agent = text(o.customAgent);
  if (model !== undefined) out.model = model;
  if (base !== undefined) out.base_ref = base;
  if (agent !== undefined) out.custom_agent = agent;
  if (typeof o.createPullRequest === 'boolean') out.create_pull_request = o.createPullRequest;
  return out;
}
