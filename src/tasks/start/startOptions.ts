/** The options of a task start the user picks on the way; remembered as the next defaults. */
export interface StartOptions {
  /** '' lets the service choose. */
  model: string;
  create_pull_request: boolean;
  base_ref: string;
  head_ref: string;
  custom_agent: string;
  /** How many attempts of the prompt to start (1 when absent): 2 to 4 start a set, each on a new branch. */
  attempts?: number;
  /** With more than one attempt: the model of each, in order ('' lets the service choose); may repeat. */
  models?: string[];
}

/** The models of a set's attempts when `o` asks for more than one attempt, else undefined (one task). */
export function attemptModels(o: StartOptions): string[] | undefined {
  const n = o.attempts ?? 1;
  if (n < 2) return undefined;
  return Array.from({ length: n }, (_, i) => o.models?.[i] ?? o.model);
}
