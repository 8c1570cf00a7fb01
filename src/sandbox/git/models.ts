// How the sandbox's agent works under each model, so that attempts of one prompt with different models differ the way
// real attempts do: deterministically (the same prompt and model give the same work on every machine), overlapping
// (every model edits the same file for a prompt), different (some also add a test or notes, and the two families
// write the function differently), agreeing on some files byte for byte (same family, the README section), and a
// model may fail a prompt. docs/sandbox.md, "Attempts: the work depends on the model", says the same.
import { createHash } from 'node:crypto';
import { KNOWN_MODELS } from '../../api/types';
import { readRequest } from './request';

/** What a model does beside the work every model does. */
export interface ModelWay {
  /** How the function it adds is written: `a` (the default model's way) or `b`. */
  readonly style: 'a' | 'b';
  /** Also adds a test for that function, even when the prompt does not ask for one. */
  readonly test: boolean;
  /** Also writes notes on the subject, `docs/{subject}.md`. */
  readonly notes: boolean;
}

/** The default model's way: the work as the prompt alone decides it. */
const PLAIN: ModelWay = { style: 'a', test: false, notes: false };

const WAYS: Readonly<Record<string, ModelWay>> = {
  'family-a-sonnet-4.6': PLAIN,
  'family-a-opus-4.6': { style: 'a', test: true, notes: false },
  'family-b-5.2-codex': { style: 'b', test: false, notes: true },
  'family-b-5.3-codex': { style: 'b', test: true, notes: false },
  'family-b-5.4': { style: 'b', test: false, notes: false },
  'family-a-sonnet-4.5': { style: 'a', test: false, notes: true },
  'family-a-opus-4.5': { style: 'a', test: true, notes: true },
};

/** The default model (the one a start without `model` gets). */
export const PLAIN_MODEL: string = KNOWN_MODELS[0];

/** A model's way of working; an unknown model (a world file may name any) works as the default one. */
export function wayOf(model: string | undefined): ModelWay {
  return (model !== undefined && WAYS[model]) || PLAIN;
}

/** Whether a model's way differs from the default one (its seed then includes the model). */
export function isPlain(model: string | undefined): boolean {
  return wayOf(model) === PLAIN;
}

/**
 * Whether `model` fails `prompt`: the first byte of sha256(`{model}\n{prompt}`) is below 32 (one prompt in eight per
 * model). Never the default model, never a feedback round (a prompt with review comments). A `[sandbox:STATE]`
 * marker in the prompt and a world task's `ends` decide before this.
 */
export function modelFails(prompt: string, model: string | undefined): boolean {
  if (model === undefined || isPlain(model) || !(KNOWN_MODELS as readonly string[]).includes(model)) return false;
  if (readRequest(prompt).items.length > 0) return false;
  return createHash('sha256').update(`${model}\n${prompt}`).digest()[0] < 32;
}
