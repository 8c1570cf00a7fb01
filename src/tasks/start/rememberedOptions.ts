// What a start remembers for the next (the model and the pull request), read as the defaults of the next start by
// Start Task, Continue Task and the chat's start tool alike. Light: no picker, so the chat's stand-in can read it.
import type * as vscode from 'vscode';
import { readSettings } from '../../config';
import { STATE_KEYS } from '../../ids';
import type { StartOptions } from './startOptions';

/**
 * What a start remembers for the next: the model and whether to open a pull request, the choices a person keeps.
 * A custom agent and the refs belong to one piece of work, and are not carried over.
 */
export type Remembered = Pick<StartOptions, 'model' | 'create_pull_request'>;
export type RememberedKey = keyof Remembered;

function lastChoices(state: vscode.Memento): Partial<Remembered> {
  const last = state.get<Partial<Remembered>>(STATE_KEYS.lastStartOptions, {});
  return {
    ...(typeof last.model === 'string' ? { model: last.model } : {}),
    ...(typeof last.create_pull_request === 'boolean' ? { create_pull_request: last.create_pull_request } : {}),
  };
}

/** Last choices (model, pull request) over the settings' defaults; an agent and refs start empty. */
export function initialOptions(state: vscode.Memento, baseRef: string): StartOptions {
  const s = readSettings();
  const last = lastChoices(state);
  return {
    model: last.model ?? s.defaultModel,
    create_pull_request: last.create_pull_request ?? s.defaultCreatePullRequest,
    custom_agent: '',
    base_ref: baseRef,
    head_ref: '',
  };
}

/**
 * The remembered choices that differ from the settings' defaults, with their values: shown as remembered, so a
 * choice made once does not pass for the default.
 */
export function rememberedChoices(state: vscode.Memento): Partial<Remembered> {
  const s = readSettings();
  const last = lastChoices(state);
  return {
    ...(last.model !== undefined && last.model !== s.defaultModel ? { model: last.model } : {}),
    ...(last.create_pull_request !== undefined && last.create_pull_request !== s.defaultCreatePullRequest
      ? { create_pull_request: last.create_pull_request }
      : {}),
  };
}

export async function rememberOptions(state: vscode.Memento, o: StartOptions): Promise<void> {
  const keep: Remembered = { model: o.model, create_pull_request: o.create_pull_request };
  await state.update(STATE_KEYS.lastStartOptions, keep);
}

/** The defaults of a start that names no model or pull request (the chat's): which of them the last start chose. */
export function lastStartDefaults(state: vscode.Memento): {
  model: string;
  createPullRequest: boolean;
  remembered: { model: boolean; createPullRequest: boolean };
} {
  const o = initialOptions(state, '');
  const kept = rememberedChoices(state);
  return {
    model: o.model,
    createPullRequest: o.create_pull_request,
    remembered: { model: 'model' in kept, createPullRequest: 'create_pull_request' in kept },
  };
}
