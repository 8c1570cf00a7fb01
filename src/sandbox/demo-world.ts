// The built-in demo world. Its accounts, repositories, installations and tokens are fixed (others rely on
// them); its tasks are dated relative to now so that a demo shows recent work.
import { KNOWN_MODELS } from '../api/types';
import { DEMO_COMMITS, ROCKET_MORE_FILES, ROUND_TWO_PROMPT } from './demo-commits';
import type { WorldFile, WorldTask } from './world';

export const DEMO_TOKENS = {
  fineGrained: 'sbx_fg_mona',
  fineGrainedRead: 'sbx_fg_mona_read',
  appUser: 'sbx_app_mona',
  classic: 'sbx_classic_mona',
  classicNoScope: 'sbx_classic_mona_noscope',
  freePlan: 'sbx_fg_lee',
  installation: 'sbx_inst_71',
} as const;

export const DEMO_USERS = { mona: 1001, lee: 1002, kai: 1003 } as const;

const MIN = 60_000;

/**
 * The demo's finished set of three attempts at one prompt (demo-rocket-13, -14, -15), a model each: their generated
 * work differs by model (git/models.ts): ignite.ts written two ways, a test in two of them, notes in one.
 */
export const DEMO_ATTEMPTS = {
  prompt: 'Abort the ignition in ignite.ts when a sensor reports a fault',
  tasks: ['demo-rocket-13', 'demo-rocket-14', 'demo-rocket-15'],
  models: [KNOWN_MODELS[1], KNOWN_MODELS[3], KNOWN_MODELS[2]],
} as const;

/** The demo's two rounds on one branch (demo-rocket-11, then -12). */
const ROUND_ONE_PROMPT = 'Make countdown reject negative numbers';
const ROUNDS_BRANCH = 'agent/make-countdown-reject-negative';

/**
 * The pace of the demo's running tasks while the sandbox moves tasks on its own (`npm start`): slow enough that a
 * newcomer who signs in a few minutes after the start still sees tasks run (the status bar's count and spinner, a
 * live task page), and sees them finish later. Tests that move tasks by hand (`--step-ms 0`) do not see it.
 */
const DEMO_PACE = { running: 8 * MIN, queued: 2 * MIN, elsewhere: 5 * MIN } as const;

// acme/rocket is served as a git repository with these files: the demo's workspace is a clone of it, so the
// branches agents push there can be checked out.
const ROCKET_FILES: Record<string, string> = {
  'README.md': '# rocket\n\nA small launch-sequence library, used to try Agent Tasks against the local sandbox.\n',
  'src/countdown.ts': [
    'export function countdown(from: number): number[] {',
    '  const out: number[] = [];',
    '  for (let n = from; n > 0; n--) out.push(n);',
    '  return out;',
    '}',
    '',
  ].join('\n'),
  'src/ignite.ts': [
    "import { countdown } from './countdown';",
    '',
    '// TODO: abort the sequence when a sensor reports a fault.',
    'export function ignite(seconds: number): string {',
    "  return countdown(seconds).join(', ') + ', lift-off';",
    '}',
    '',
  ].join('\n'),
  '.github/prompts/add-tests.prompt.md': [
    '---',
    'description: Add unit tests for the countdown',
    '---',
    'Add unit tests for `src/countdown.ts`: zero, one, and a negative start. Keep them fast and independent.',
    '',
  ].join('\n'),
  '.github/agents/reviewer.agent.md': [
    '---',
    'name: reviewer',
    'description: Reviews a change for correctness and missing tests',
    '---',
    'You review changes. Point out bugs, missing tests and unclear names; do not rewrite working code.',
    '',
  ].join('\n'),
};

export function demoWorld(now = Date.now()): WorldFile {
  const at = (minutesAgo: number): string => new Date(Math.floor((now - minutesAgo * MIN) / 1000) * 1000).toISOString();
  const task = (
    id: string,
    repository: number,
    creator: number,
    state: string,
    prompt: string,
    createdAgo: number,
    updatedAgo: number,
    more: Partial<WorldTask> = {},
  ): WorldTask => ({
    id,
    repository,
    creator,
    state,
    prompt,
    created_at: at(createdAgo),
    updated_at: at(updatedAgo),
    ...(DEMO_COMMITS[id] ? { commits: structuredClone(DEMO_COMMITS[id]) } : {}),
    ...more,
  });
  const { mona, lee, kai } = DEMO_USERS;
  return {
    users: [
      { id: mona, login: 'mona', copilot_plan: 'business' },
      { id: lee, login: 'lee', copilot_plan: 'free' },
      { id: kai, login: 'kai', copilot_plan: 'enterprise' },
    ],
    organizations: [
      { id: 900, login: 'acme', members: [mona, lee, kai] },
      { id: 901, login: 'globex', members: [mona] },
    ],
    repositories: [
      {
        id: 5000,
        owner: 'acme',
        name: 'rocket',
        private: true,
        description: 'Launch control service',
        access: { [mona]: 'admin', [lee]: 'write', [kai]: 'read' },
        custom_properties: { team: 'launch' },
        git: { files: { ...ROCKET_FILES, ...ROCKET_MORE_FILES } },
      },
      {
        id: 5001,
        owner: 'acme',
        name: 'website',
        private: false,
        description: 'Public site',
        access: { [mona]: 'admin' },
      },
      {
        id: 5002,
        owner: 'acme',
        name: 'infra',
        private: true,
        description: 'Terraform and deploy scripts',
        access: { [mona]: 'write', [lee]: 'admin' },
      },
      { id: 5003, owner: 'mona', name: 'dotfiles', private: false, description: 'My shell setup' },
      {
        id: 5004,
        owner: 'globex',
        name: 'portal',
        private: true,
        description: 'Customer portal',
        access: { [mona]: 'admin' },
      },
      { id: 5005, owner: 'acme', name: 'docs', private: true, description: 'Handbook', access: { [mona]: 'admin' } },
    ],
    installations: [
      {
        id: 71,
        account: 'acme',
        app_id: 3,
        app_slug: 'ci-bot',
        repository_selection: 'selected',
        repositories: [5000, 5001],
        permissions: { contents: 'read', metadata: 'read', checks: 'write' },
        events: ['push', 'pull_request'],
        created_at: '2026-03-10T05:00:00-07:00',
        updated_at: '2026-03-12T09:30:00-07:00',
      },
      {
        id: 72,
        account: 'mona',
        app_id: 4,
        app_slug: 'lint-bot',
        repository_selection: 'all',
        permissions: { contents: 'read', metadata: 'read', pull_requests: 'write' },
        events: ['pull_request'],
        created_at: '2026-03-10T12:00:00+00:00',
        updated_at: '2026-03-10T12:00:00+00:00',
      },
      {
        id: 73,
        account: 'globex',
        app_id: 3,
        app_slug: 'ci-bot',
        repository_selection: 'selected',
        repositories: [5004],
        permissions: { contents: 'read', metadata: 'read' },
        events: ['push'],
        created_at: '2026-03-11T14:15:00+01:00',
        updated_at: '2026-03-11T14:15:00+01:00',
      },
    ],
    tokens: [
      {
        value: DEMO_TOKENS.fineGrained,
        type: 'fine_grained',
        user: mona,
        // Contents (write): git pushes to the repositories mona may write (the demo workspace's hand-off).
        permissions: { agent_tasks: 'write', metadata: 'read', contents: 'write' },
      },
      { value: DEMO_TOKENS.fineGrainedRead, type: 'fine_grained', user: mona, permissions: { agent_tasks: 'read' } },
      { value: DEMO_TOKENS.appUser, type: 'app_user', user: mona, permissions: { metadata: 'read' } },
      { value: DEMO_TOKENS.classic, type: 'classic', user: mona, scopes: ['repo'] },
      { value: DEMO_TOKENS.classicNoScope, type: 'classic', user: mona, scopes: [] },
      {
        value: DEMO_TOKENS.freePlan,
        type: 'fine_grained',
        user: lee,
        permissions: { agent_tasks: 'write', metadata: 'read', contents: 'write' },
      },
      { value: DEMO_TOKENS.installation, type: 'installation', installation: 71 },
    ],
    tasks: [
      task('demo-rocket-01', 5000, mona, 'completed', 'Add retries with backoff to the telemetry uploader', 300, 280, {
        create_pull_request: true,
      }),
      task(
        'demo-rocket-02',
        5000,
        lee,
        'completed',
        'Explain the launch sequence state machine in docs/launch.md',
        240,
        230,
      ),
      task('demo-rocket-03', 5000, mona, 'in_progress', 'Fix the flaky countdown test', 12, 10, {
        model: KNOWN_MODELS[3],
        create_pull_request: true,
        step_ms: DEMO_PACE.running,
      }),
      task('demo-rocket-04', 5000, mona, 'queued', 'Bump the protobuf dependency and regenerate stubs', 2, 2, {
        create_pull_request: true,
        step_ms: DEMO_PACE.queued,
      }),
      task('demo-rocket-05', 5000, lee, 'failed', 'Migrate the build to the new toolchain', 180, 170, {
        ends: 'failed',
      }),
      task(
        'demo-rocket-06',
        5000,
        mona,
        'waiting_for_user',
        'Refactor the abort handler; ask before touching the API',
        90,
        60,
        { ends: 'waiting_for_user' },
      ),
      task('demo-rocket-07', 5000, lee, 'timed_out', 'Profile the trajectory solver', 600, 540, { ends: 'timed_out' }),
      task('demo-rocket-08', 5000, mona, 'cancelled', 'Rename the Engine class', 400, 395, { ends: 'cancelled' }),
      task('demo-rocket-09', 5000, mona, 'idle', 'Review error messages of the CLI', 150, 120, {
        model: KNOWN_MODELS[1],
        ends: 'idle',
      }),
      task('demo-rocket-10', 5000, mona, 'completed', 'Remove the legacy telemetry endpoint', 2880, 2800, {
        create_pull_request: true,
        archived_at: at(1440),
      }),
      // Two rounds of one work on one branch: a task, and the feedback round that continues it on its head_ref
      // each with its own commits.
      task('demo-rocket-11', 5000, mona, 'completed', ROUND_ONE_PROMPT, 200, 185, {
        create_pull_request: true,
        head_ref: ROUNDS_BRANCH,
      }),
      task(
        'demo-rocket-12',
        5000,
        mona,
        'completed',
        ROUND_TWO_PROMPT.replace(
          '%s',
          `Round 2 of “${ROUND_ONE_PROMPT}”: Say which start was refused (+1 more comment)`,
        ).replace('%b', ROUNDS_BRANCH),
        180,
        175,
        { create_pull_request: true, head_ref: ROUNDS_BRANCH },
      ),
      ...DEMO_ATTEMPTS.tasks.map((id, i) =>
        task(id, 5000, mona, 'completed', DEMO_ATTEMPTS.prompt, 100 - i, 90 - i, { model: DEMO_ATTEMPTS.models[i] }),
      ),
      task('demo-dotfiles-01', 5003, mona, 'completed', 'Add a zsh prompt that shows the git branch', 720, 700, {
        create_pull_request: true,
      }),
      task('demo-dotfiles-02', 5003, mona, 'in_progress', 'Move the vim config to lua', 5, 4, {
        step_ms: DEMO_PACE.elsewhere,
      }),
    ],
    attempt_sets: [{ tasks: [...DEMO_ATTEMPTS.tasks] }],
  };
}
