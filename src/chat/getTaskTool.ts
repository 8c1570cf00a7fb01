// Reads one task by its id (get task) with its sessions and artifacts: state, branches, prompts, the pull request.
import type * as vscode from 'vscode';
import type { Task } from '../api';
import { statusOf } from '../errors/failure';
import { changesLine } from '../changes/summary';
import { failureText, refusal } from './refusals';

const CHANGES_WAIT_MS = 8000;
import { plain, taskDetails } from './taskText';
import { attemptLine, setDetails, type AttemptRead } from './setText';
import type { AttemptSet } from '../model/attemptSets';
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
    const set = this.d.model.pictures.sets?.get(taskId);
    if (set) return textResult(await this.setText(set, token));
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
    const details = taskDetails(task, { ...textContext(this.d), changesLine: () => changes });
    const place = this.d.model.pictures.sets?.ofTask(task.id);
    return textResult(place ? `${details}\n${attemptLine(place.set, place.index)}` : details);
  }

  /** Each attempt read (at once), and its changes (a few seconds at most), then the set as text. */
  private async setText(set: AttemptSet, token: vscode.CancellationToken): Promise<string> {
    const client = await this.d.client();
    const reads = await Promise.all(
      set.attempts.map(async (a): Promise<AttemptRead> => {
        if (a.taskId === undefined) return {};
        try {
          const task = await client.getTask({ task_id: a.taskId }, { signal: signalOf(token) });
          await this.changesOf(task);
          return { state: String(task.state), changes: this.d.model.pictures.of(task).changes };
        } catch (err) {
          if (statusOf(err) === 404) return { gone: true };
          return { failure: failureText('Reading the task', err) };
        }
      }),
    );
    return setDetails(set, reads);
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
