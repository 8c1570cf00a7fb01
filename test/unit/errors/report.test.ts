// What the log gets of a failure: the words the user is told always, and the stack of a fault of our own.
import assert from 'node:assert/strict';
import { logFailure } from '../../../src/errors/report';
import { NoServiceError } from '../../../src/errors/userErrors';
import type { Log } from '../../../src/log';
import { apiError } from './apiErrors';

function recordingLog(): { log: Log; lines: string[] } {
  const lines: string[] = [];
  const put = (m: string | Error) => lines.push(typeof m === 'string' ? m : (m.stack ?? m.message));
  const log: Log = { trace: put, debug: put, info: put, warn: put, error: put, child: () => log };
  return { log, lines };
}

describe('errors: logFailure', () => {
  it('writes the stack of an unexpected error (a SyntaxError inside a command)', () => {
    const { log, lines } = recordingLog();
    let err: unknown;
    try {
      JSON.parse('{');
    } catch (e) {
      err = e;
    }
    logFailure(log, 'agentTasks.x: Something went wrong.', err);
    assert.equal(lines[0], 'agentTasks.x: Something went wrong.');
    assert.equal(lines.length, 2);
    assert.match(lines[1], /^SyntaxError: /);
    assert.match(lines[1], /\n\s+at .*report\.test/);
  });

  it('writes only the words for an answer of the service or a missing set-up', () => {
    for (const err of [apiError(404), apiError(0), new NoServiceError()]) {
      const { log, lines } = recordingLog();
      logFailure(log, 'said', err);
      assert.deepEqual(lines, ['said']);
    }
  });
});
