/** The options of a task start the user picks on the way; remembered as the next defaults. */
export interface StartOptions {
  /** '' lets the service choose. */
  model: string;
  create_pull_request: boolean;
  base_ref: string;
  head_ref: string;
  custom_agent: string;
}
