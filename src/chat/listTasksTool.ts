// Lists the tasks of the workspace's repository (list repository tasks) or the user's own across repositories (list
// your tasks), newest update
// first, with a state filter and a bound, as one line per task.
import type * as vscode from 'vscode';
import type { ApiClient, Task } from '../api';
import { repoLabel } from '../model/remotes';
import { repoOfTask } from '../model/taskLinks';
import { failureText, refusal } from './refusals';
import { taskList, type ListHeading } from './taskText';
import { blocker, signalOf, textContext, textResult, type ChatToolDeps } from './toolEnv';
import { parseList, type ListInput } from './toolInput';
import * as l10n from '@vscode/l10n';

export class ListTasksTool implements vscode.LanguageModelTool<ListInput> {
  constructor(private readonly d: ChatToolDeps) {}

  prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<ListInput>,
  ): vscode.PreparedToolInvocation {
    return {
      invocationMessage:
        options.input?.scope === 'mine' ? l10n.t('Listing your agent tasks') : l10n.t('Listing agent tasks'),
    };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<ListInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const b = await blocker(this.d, 'optional');
    if (b) return textResult(refusal(b));
    const parsed = parseList(options.input);
    if (!parsed.ok) return textResult(`Nothing was listed: ${parsed.problem}`);
    const { scope, states, limit } = parsed.value;
    const repo = this.d.model.repo();
    if (scope === 'repository' && !repo)
      return textResult(refusal({ kind: 'noRepo', repoState: this.d.model.repoState, canListMine: true }));
    const inRepo = scope !== 'mine' && repo !== undefined;
    const heading: ListHeading = {
      ...(inRepo ? { repo: repoLabel(repo) } : {}),
      states: states ?? [],
      limit,
      ...(!scope && !repo ? { note: 'No repository was found in the workspace, so these are your own tasks.' } : {}),
    };
    const filters = {
      per_page: limit,
      sort: 'updated_at' as const,
      direction: 'desc' as const,
      ...(states?.length ? { state: states } : {}),
    };
    let tasks: Task[];
    try {
      const client = await this.d.client();
      const signal = signalOf(token);
      if (inRepo)
        tasks = (await client.listRepositoryTasks({ owner: repo.owner, repo: repo.repo, ...filters }, { signal }))
          .tasks;
      else {
        tasks = (await client.listTasks(filters, { signal })).tasks.slice(0, limit);
        await this.learnRepoNames(client, tasks, signal);
      }
    } catch (err) {
      const label = inRepo ? repoLabel(repo) : undefined;
      return textResult(failureText('Listing tasks', err, label ? { repo: label } : {}));
    }
    return textResult(taskList(tasks.slice(0, limit), heading, textContext(this.d)));
  }

  /**
   * The user's list (list your tasks) names no repository, only its id: one task of each repository not named yet is
   * read (get task,
   * which carries the address), so the lines say owner/name. A few at most; the rest keep their id.
   */
  private async learnRepoNames(client: ApiClient, tasks: Task[], signal: AbortSignal): Promise<void> {
    const unnamed = new Map<number, Task>();
    for (const t of tasks) {
      const id = t.repository?.id;
      if (id !== undefined && !unnamed.has(id) && !repoOfTask(t) && this.d.model.pictures.of(t).repo?.why !== undefined)
        unnamed.set(id, t);
    }
    for (const t of [...unnamed.values()].slice(0, MAX_NAME_READS)) {
      try {
        const full = await client.getTask({ task_id: t.id }, { signal });
        // Its address names the repository; believed once a listing of that name agrees (one more read).
        await this.d.model.learnRepoName(full);
      } catch {
        // Left as "repository <id>": the list is still worth giving.
      }
    }
  }
}

const MAX_NAME_READS = 5;
