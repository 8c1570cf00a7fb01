// The tools' inputs as the model sends them, read strictly: VS Code checks them against the declared schema, but what
// reaches a request is checked here again, and a bad value gets a sentence the model can act on. Pure: no `vscode`.
import { TASK_STATES, type KnownTaskState } from '../api/types';
import { refProblem } from '../safety/gitRef';
import { forChat } from '../safety/serviceText';

export interface StartInput {
  prompt: string;
  model?: string;
  baseRef?: string;
  createPullRequest?: boolean;
  continueTaskId?: string;
  customAgent?: string;
  /** Hand the workspace's uncommitted changes to the agent on a new branch (Start Task with My Changes…). */
  withMyChanges?: boolean;
  /** Send the continued task's unsent review comments with the prompt (Send Feedback to Agent…). */
  sendReviewComments?: boolean;
  /** How many attempts of the prompt (2 to 4 start a set; 1 is one task). */
  attempts?: number;
  /** The model of each attempt, in order. */
  models?: string[];
}

export interface ListInput {
  scope?: 'repository' | 'mine';
  states?: string[];
  limit?: number;
}

export interface GetInput {
  taskId: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
/** Far above any real prompt; only a runaway input is refused. */
const MAX_PROMPT = 100_000;

const fail = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

function record(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** An optional string: absent, empty or blank means not given. */
function optionalText(v: unknown, name: string): Parsed<string | undefined> {
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v !== 'string') return fail(`“${name}” must be text.`);
  const t = v.trim();
  return { ok: true, value: t === '' ? undefined : t };
}

/** An id as the service writes them: short, one line, no path separators. */
function idProblem(id: string): string | undefined {
  if (id.length > 200) return 'it is longer than 200 characters';
  // eslint-disable-next-line no-control-regex -- an id with control characters is not one
  if (/[\s/\\?#%\u0000-\u001F\u007F]/.test(id))
    return 'it contains a space, a slash, “?”, “#”, “%” or a control character';
  return undefined;
}

export function parseStart(input: unknown): Parsed<StartInput> {
  const r = record(input);
  if (typeof r.prompt !== 'string' || !r.prompt.trim())
    return fail('“prompt” is required: say what the agent should do.');
  if (r.prompt.length > MAX_PROMPT) return fail(`“prompt” is longer than ${MAX_PROMPT} characters.`);
  const fields = {
    model: optionalText(r.model, 'model'),
    baseRef: optionalText(r.baseRef, 'baseRef'),
    continueTaskId: optionalText(r.continueTaskId, 'continueTaskId'),
    customAgent: optionalText(r.customAgent, 'customAgent'),
  };
  for (const f of Object.values(fields)) if (!f.ok) return fail(f.problem);
  const value: StartInput = { prompt: r.prompt };
  for (const k of ['model', 'baseRef', 'continueTaskId', 'customAgent'] as const) {
    const f = fields[k];
    if (f.ok && f.value !== undefined) value[k] = f.value;
  }
  if (r.createPullRequest !== undefined && r.createPullRequest !== null) {
    if (typeof r.createPullRequest !== 'boolean') return fail('“createPullRequest” must be true or false.');
    value.createPullRequest = r.createPullRequest;
  }
  if (r.withMyChanges !== undefined && r.withMyChanges !== null) {
    if (typeof r.withMyChanges !== 'boolean') return fail('“withMyChanges” must be true or false.');
    if (r.withMyChanges && (value.continueTaskId !== undefined || value.baseRef !== undefined))
      return fail(
        '“withMyChanges” starts on a new branch of your changes, based on your current branch: ' +
          'leave “continueTaskId” and “baseRef” out.',
      );
    value.withMyChanges = r.withMyChanges;
  }
  if (r.sendReviewComments !== undefined && r.sendReviewComments !== null) {
    if (typeof r.sendReviewComments !== 'boolean') return fail('“sendReviewComments” must be true or false.');
    if (r.sendReviewComments && value.continueTaskId === undefined)
      return fail('“sendReviewComments” sends the review comments of the task given in “continueTaskId”: give it.');
    value.sendReviewComments = r.sendReviewComments;
  }
  if (value.baseRef !== undefined) {
    const problem = refProblem(value.baseRef);
    if (problem) return fail(`“baseRef” ${quoted(value.baseRef)} is not a valid branch name: ${problem}.`);
  }
  if (value.model !== undefined && (value.model.length > 100 || /\s/.test(value.model)))
    return fail('“model” must be one model name, such as family-a-sonnet-4.6.');
  if (value.customAgent !== undefined && value.customAgent.length > 200)
    return fail('“customAgent” is longer than 200 characters.');
  if (value.continueTaskId !== undefined) {
    const problem = idProblem(value.continueTaskId);
    if (problem) return fail(`“continueTaskId” is not a task id: ${problem}.`);
  }
  const several = parseAttempts(r, value);
  if (several) return fail(several);
  return { ok: true, value };
}

export function parseList(input: unknown): Parsed<Required<Pick<ListInput, 'limit'>> & ListInput> {
  const r = record(input);
  let scope: ListInput['scope'];
  if (r.scope !== undefined && r.scope !== null) {
    if (r.scope !== 'repository' && r.scope !== 'mine') return fail('“scope” must be “repository” or “mine”.');
    scope = r.scope;
  }
  let states: KnownTaskState[] = [];
  if (r.states !== undefined && r.states !== null) {
    const given = Array.isArray(r.states) ? r.states : [r.states];
    const known = new Set<string>(TASK_STATES);
    const bad = given.filter(s => typeof s !== 'string' || !known.has(s));
    if (bad.length)
      return fail(`Unknown state ${bad.map(quoted).join(', ')}. The states are: ${TASK_STATES.join(', ')}.`);
    states = [...new Set(given as KnownTaskState[])];
  }
  let limit = DEFAULT_LIMIT;
  if (r.limit !== undefined && r.limit !== null) {
    if (typeof r.limit !== 'number' || !Number.isInteger(r.limit) || r.limit < 1)
      return fail('“limit” must be a whole number from 1 to 50.');
    limit = Math.min(r.limit, MAX_LIMIT);
  }
  return { ok: true, value: { ...(scope ? { scope } : {}), states, limit } };
}

export function parseGet(input: unknown): Parsed<GetInput> {
  const r = record(input);
  if (typeof r.taskId !== 'string' || !r.taskId.trim()) return fail('“taskId” is required.');
  const taskId = r.taskId.trim();
  const problem = idProblem(taskId);
  return problem ? fail(`“taskId” is not a task id: ${problem}.`) : { ok: true, value: { taskId } };
}

/** Reads `attempts` and `models` into `value`; a problem in words, or undefined. */
function parseAttempts(r: Record<string, unknown>, value: StartInput): string | undefined {
  let n: number | undefined;
  if (r.attempts !== undefined && r.attempts !== null) {
    if (typeof r.attempts !== 'number' || !Number.isInteger(r.attempts) || r.attempts < 1 || r.attempts > 4)
      return '“attempts” must be a whole number from 1 to 4.';
    n = r.attempts;
  }
  let models: string[] | undefined;
  if (r.models !== undefined && r.models !== null) {
    const list = Array.isArray(r.models) ? (r.models as unknown[]) : [];
    if (
      list.length === 0 ||
      list.length > 4 ||
      !list.every(m => typeof m === 'string' && m.trim() !== '' && m.length <= 100 && !/\s/.test(m.trim()))
    )
      return '“models” must list 1 to 4 model names, such as family-a-sonnet-4.6, one per attempt.';
    models = list.map(m => (m as string).trim());
    if (n !== undefined && n !== models.length)
      return `“models” names ${models.length} models for ${n} attempts: give one model per attempt.`;
    n = models.length;
  }
  if (n === undefined || n === 1) {
    if (models) value.model = models[0];
    return undefined;
  }
  // With your changes, each attempt starts on a new branch from the branch your changes are pushed to.
  if (value.continueTaskId !== undefined)
    return 'Several attempts each start on a new branch: leave “continueTaskId” out with “attempts”.';
  value.attempts = n;
  if (models) value.models = models;
  return undefined;
}

function quoted(v: unknown): string {
  return `“${forChat(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''), 80)}”`;
}
