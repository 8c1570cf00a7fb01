// Reads one task by its id (get task) with its sessions and artifacts: state, branches, prompts, the pull request.
import type * as vscode from 'vscode';
import type { Task } from '../api';
import { statusOf } from '../errors/failure';
import { changesLine } from '../changes/summary';
import { failureText, refusal } from './refusals';

const CHANGES_WAIT_MS = 8000;
import { plain, taskDetails } from './taskText';
import { blocker, signalOf, textContext, textResult, type ChatToolDeps } from './toolEnv';
import { parseGet, type GetInput } from './toolInput';
import * as l10n from '@vscode/l10n';

export class GetTaskTool implements vscode.LanguageModelTool<GetInput> {
  constructor(private readonly d: ChatToolDeps) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: l10n.t('Reading an agent task') };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<GetInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const b = await blocker(this.d, 'optional');
    if (b) return textResult(refusal(b));
    const parsed = parseGet(options.input);
    if (!parsed.ok) return textResult(`Nothing was read: ${parsed.problem}`);
    const { taskId } = parsed.value;
    let task: Task;
    try {
      const client = await this.d.client();
      task = await client.getTask({ task_id: taskId }, { signal: signalOf(token) });
    } catch (err) {
      if (statusOf(err) === 404)
        return textResult(
          `Task ${plain(taskId)} was not found, or the token cannot see it. List the tasks to find its id.`,
        );
      return textResult(failureText('Reading the task', err));
    }
    const changes = await this.changesOf(task);
    return textResult(taskDetails(task, { ...textContext(this.d), changesLine: () => changes }));
  }

  /** The task's changes: read now when not known (a few seconds at most, so chat does not wait on a slow fetch). */
  private async changesOf(task: Task): Promise<string | undefined> {
    const c = this.d.changes;
    if (!c || !task.sessions?.some(s => s.head_ref)) return undefined;
    const known = () => this.d.model.pictures.of(task).changes;
    if (!known() || known()?.kind === 'loading') {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>(resolve => (timer = setTimeout(resolve, CHANGES_WAIT_MS)));
      await Promise.race([c.load(task.id, false, task).catch(() => undefined), waited]);
      clearTimeout(timer);
    }
    return changesLine(known());
  }
}
