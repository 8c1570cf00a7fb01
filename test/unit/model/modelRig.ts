// A task model on the sandbox over HTTP with the real API client, its surroundings plain objects a test can move.
import { ViewState, type FilterPart } from '../../../src/model/viewState';
import assert from 'node:assert/strict';
import { ApiClient, type RepoRef, type ResponseInfo } from '../../../src/api';
import type { TokenKind } from '../../../src/ids';
import type { Log } from '../../../src/log';
import { Emitter } from '../../../src/shared/emitter';
import { TaskModel, type TaskModelDeps } from '../../../src/model/taskModel';
import { DEMO_TOKENS, type WorldFile } from '../../../src/sandbox';
import { FakeTimers } from './fakeTimers';

const silent: Log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

/** A model on the sandbox with mona's token (or `token`), showing acme/rocket; every response is kept in order. */
export function rig(
  url: string,
  token: string | undefined = DEMO_TOKENS.fineGrained,
  more: Partial<TaskModelDeps> = {},
) {
  const tokens: { value: string | undefined; changed: Emitter<TokenKind> } = {
    value: token,
    changed: new Emitter<TokenKind>(),
  };
  const service = { changed: new Emitter<void>(), kind: 'remote' };
  const repo: { current: RepoRef | undefined; state: string } = {
    current: { owner: 'acme', repo: 'rocket' },
    state: 'found',
  };
  const repoChanged = new Emitter<void>();
  const filter = { showArchived: false, onlyMine: false, changed: new Emitter<void>() };
  const responses: ResponseInfo[] = [];
  const client = new ApiClient({
    baseUrl: url,
    token: async () => tokens.value,
    retries: 0,
    onResponse: info => responses.push(info),
  });
  const timers = new FakeTimers();
  const none = () => ({ dispose() {} });
  const parts = {
    showArchived: () => filter.showArchived,
    get onlyMine() {
      return filter.onlyMine;
    },
    onDidChange: filter.changed.event,
  };
  // What the model reads of the view state: the archived switches, only mine, visibility, expansion.
  const view = new ViewState(
    parts as unknown as FilterPart,
    { byRepository: false, onDidChange: none },
    {
      get: () => undefined,
      onDidChange: none,
    },
  );
  const model = new TaskModel({
    client: async () => client,
    service: { current: () => ({ kind: service.kind, url }), onDidChange: service.changed.event },
    tokens: { has: async () => tokens.value !== undefined, onDidChange: tokens.changed.event },
    repos: {
      current: () => repo.current,
      get state() {
        return repo.state;
      },
      refresh() {},
      onDidChange: repoChanged.event,
    },
    view,
    pace: { activeMs: () => 10_000, idleMs: () => 60_000 },
    log: silent,
    timers,
    ...more,
  });
  return { model, view, tokens, service, repo, repoChanged, filter, client, responses, timers };
}

/**
 * The model needs no git repositories; without them no git work is under way when a test closes the sandbox. The
 * agent's spelled commits go too: they need a repository served with git.
 */
export function withoutGit(w: WorldFile): WorldFile {
  for (const r of w.repositories ?? []) delete r.git;
  for (const t of w.tasks ?? []) delete t.commits;
  return w;
}

export async function waitUntil(probe: () => boolean): Promise<void> {
  // The model works through promise chains and HTTP on loopback; each turn of the event loop lets them move on.
  for (let i = 0; i < 2_000 && !probe(); i++) await new Promise(r => setImmediate(r));
  assert.ok(probe(), 'the condition never came');
}
