// What the demo's agent did on acme/rocket, spelled out for a few of its tasks so that their changes read like real
// work (the other tasks get the sandbox's generated work), and the files those changes start from.
import type { WorldCommit } from './world';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/** Files of acme/rocket beside the README, the two sources and the .github files of demo-world.ts. */
export const ROCKET_MORE_FILES: Record<string, string> = {
  'src/telemetry.ts': lines(
    'export interface Sample {',
    '  at: number;',
    '  altitude: number;',
    '}',
    '',
    'export async function upload(endpoint: string, samples: Sample[]): Promise<void> {',
    "  const res = await fetch(endpoint, { method: 'POST', body: JSON.stringify(samples) });",
    '  if (!res.ok) throw new Error(`telemetry upload failed: ${res.status}`);',
    '}',
  ),
  'src/legacy-telemetry.ts': lines(
    '// The v1 endpoint, kept until every ground station reads v2.',
    "export const LEGACY_ENDPOINT = 'https://telemetry.example.invalid/v1/samples';",
  ),
  'test/countdown.test.ts': lines(
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    "import { countdown } from '../src/countdown';",
    '',
    "test('counts down to one', () => {",
    '  assert.deepEqual(countdown(3), [3, 2, 1]);',
    '});',
  ),
};

const REFUSAL = "  if (from < 0) throw new RangeError('negative');";
const REFUSAL_SAID = '  if (from < 0) throw new RangeError(`countdown cannot start below zero: ${from}`);';
const THROWS = '  assert.throws(() => countdown(-1), RangeError);';
const THROWS_SAID = '  assert.throws(() => countdown(-1), /cannot start below zero: -1/);';

/** src/countdown.ts after the first round of "Make countdown reject negative numbers". */
const COUNTDOWN_ROUND_ONE = lines(
  'export function countdown(from: number): number[] {',
  REFUSAL,
  '  const out: number[] = [];',
  '  for (let n = from; n > 0; n--) out.push(n);',
  '  return out;',
  '}',
);

const COUNTDOWN_TEST_ROUND_ONE =
  ROCKET_MORE_FILES['test/countdown.test.ts'] + lines('', "test('rejects a negative start', () => {", THROWS, '});');

/**
 * The prompt of the demo's second round, as Send Feedback to Agent… writes it from two review comments on the first
 * round's head (its line numbers and quotes are those of COUNTDOWN_ROUND_ONE and COUNTDOWN_TEST_ROUND_ONE).
 */
export const ROUND_TWO_PROMPT = lines(
  '%s',
  'Review comments on your changes on branch %b. Address each of them on the same branch.',
  '',
  '1. src/countdown.ts, line 2:',
  '```',
  REFUSAL,
  '```',
  'Say which start was refused: "negative" alone does not help whoever reads the error.',
  '',
  '2. test/countdown.test.ts, line 10:',
  '```',
  THROWS,
  '```',
  'Check the message too, not only the kind of error.',
);

/** The commits of some demo tasks, by task id. */
export const DEMO_COMMITS: Record<string, WorldCommit[]> = {
  'demo-rocket-01': [
    {
      message:
        'Retry telemetry uploads with exponential backoff\n\n' +
        'A ground station that drops a connection no longer loses its samples.',
      files: {
        'src/telemetry.ts': lines(
          'export interface Sample {',
          '  at: number;',
          '  altitude: number;',
          '}',
          '',
          'export interface RetryOptions {',
          '  attempts: number;',
          '  baseDelayMs: number;',
          '}',
          '',
          'const DEFAULT_RETRY: RetryOptions = { attempts: 5, baseDelayMs: 200 };',
          '',
          'export async function upload(',
          '  endpoint: string,',
          '  samples: Sample[],',
          '  retry: RetryOptions = DEFAULT_RETRY,',
          '): Promise<void> {',
          '  for (let attempt = 1; ; attempt++) {',
          "    const res = await fetch(endpoint, { method: 'POST', body: JSON.stringify(samples) });",
          '    if (res.ok) return;',
          '    if (attempt >= retry.attempts || res.status < 500)',
          '      throw new Error(`telemetry upload failed: ${res.status} after ${attempt} attempts`);',
          '    await new Promise(r => setTimeout(r, backoff(attempt, retry.baseDelayMs)));',
          '  }',
          '}',
          '',
          '/** 200 ms, 400 ms, 800 ms … capped at 10 s. */',
          'export function backoff(attempt: number, baseDelayMs: number): number {',
          '  return Math.min(10_000, baseDelayMs * 2 ** (attempt - 1));',
          '}',
        ),
      },
    },
    {
      message: 'Test the backoff of telemetry uploads',
      files: {
        'test/telemetry.test.ts': lines(
          "import assert from 'node:assert/strict';",
          "import { test } from 'node:test';",
          "import { backoff } from '../src/telemetry';",
          '',
          "test('doubles the delay on each attempt', () => {",
          '  assert.deepEqual([1, 2, 3].map(a => backoff(a, 200)), [200, 400, 800]);',
          '});',
          '',
          "test('never waits more than ten seconds', () => {",
          '  assert.equal(backoff(20, 200), 10_000);',
          '});',
        ),
      },
    },
    {
      message: 'Document the retry policy in the README',
      files: {
        'README.md': lines(
          '# rocket',
          '',
          'A small launch-sequence library, used to try Agent Tasks against the local sandbox.',
          '',
          '## Telemetry',
          '',
          '`upload()` retries a failed upload up to five times, waiting 200 ms, 400 ms, 800 ms … (at most 10 s)',
          'between attempts. Errors other than 5xx are not retried.',
        ),
      },
    },
  ],
  'demo-rocket-02': [
    {
      message: 'Explain the launch sequence in docs/launch.md',
      files: {
        'docs/launch.md': lines(
          '# The launch sequence',
          '',
          '```',
          'idle ──arm──▶ armed ──countdown(n)──▶ counting ──0──▶ ignition ──▶ lift-off',
          '                 │                        │',
          '                 └────────abort───────────┴──▶ aborted',
          '```',
          '',
          '- `countdown(n)` yields n … 1; `ignite(n)` appends "lift-off".',
          '- An abort is possible until ignition; after it, only the flight computer decides.',
        ),
      },
    },
  ],
  'demo-rocket-03': [
    {
      message: 'Make the countdown test independent of the clock',
      files: {
        // The test file as it was, and one test more.
        'test/countdown.test.ts':
          ROCKET_MORE_FILES['test/countdown.test.ts'] +
          lines(
            '',
            "test('counts nothing from zero or below', () => {",
            '  assert.deepEqual(countdown(0), []);',
            '  assert.deepEqual(countdown(-2), []);',
            '});',
          ),
      },
    },
  ],
  'demo-rocket-08': [
    {
      message: 'Rename ignite.ts to ignition.ts',
      files: { 'src/ignition.ts': { from: 'src/ignite.ts' } },
    },
  ],
  // Two rounds of one work on one branch: the task, then the feedback round that continues it (ROUND_TWO_PROMPT).
  'demo-rocket-11': [
    {
      message:
        "Reject a negative start in countdown\n\nA countdown from below zero is a caller's mistake, not an empty list.",
      files: { 'src/countdown.ts': COUNTDOWN_ROUND_ONE },
    },
    {
      message: 'Test that countdown rejects a negative start',
      files: { 'test/countdown.test.ts': COUNTDOWN_TEST_ROUND_ONE },
    },
  ],
  'demo-rocket-12': [
    {
      message: 'Say which start countdown refused\n\nAddresses both review comments.',
      files: {
        'src/countdown.ts': COUNTDOWN_ROUND_ONE.replace(REFUSAL, REFUSAL_SAID),
        'test/countdown.test.ts': COUNTDOWN_TEST_ROUND_ONE.replace(THROWS, THROWS_SAID),
      },
    },
  ],
  'demo-rocket-10': [
    {
      message: 'Remove the legacy telemetry endpoint\n\nEvery ground station reads v2 now.',
      files: { 'src/legacy-telemetry.ts': null },
    },
  ],
};
