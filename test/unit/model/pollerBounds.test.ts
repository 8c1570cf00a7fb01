// The poller's delay stays within [configured pace, one hour], whatever the service or a setting asks for: past
// setTimeout's range a timer fires at once, which turned one refresh into thousands of requests.
import * as assert from 'node:assert/strict';
import { MAX_DELAY_MS, Poller, type TickResult } from '../../../src/model/poller';
import { FakeTimers } from './fakeTimers';

/** Fake timers that treat a delay as Node does: one past setTimeout's range, or not a number, fires after 1 ms. */
class NodeLikeTimers extends FakeTimers {
  readonly requested: number[] = [];
  override setTimeout(fn: () => void, ms: number): unknown {
    this.requested.push(ms);
    return super.setTimeout(fn, ms >= 0 && ms <= 2 ** 31 - 1 ? ms : 1);
  }
  get lastDelay(): number | undefined {
    return this.requested[this.requested.length - 1];
  }
}

class Waiting extends Error {
  constructor(readonly waitMs: number) {
    super('wait');
  }
}

function setup(script: Array<TickResult | Error>, activeMs = 10_000) {
  const timers = new NodeLikeTimers();
  const ticks: number[] = [];
  let last: TickResult = { active: false };
  const poller = new Poller({
    timers,
    activeIntervalMs: () => activeMs,
    idleIntervalMs: () => 60_000,
    waitHintMs: err => (err instanceof Waiting ? err.waitMs : undefined),
    tick: () => {
      ticks.push(timers.now());
      const next = script.length ? script.shift()! : last;
      if (next instanceof Error) return Promise.reject(next);
      last = next;
      return Promise.resolve(next);
    },
  });
  poller.update({ signedIn: true, visible: true });
  return { timers, ticks, poller };
}

describe('model/Poller bounds', () => {
  const HOUR = 3_600_000;

  it('caps a huge Retry-After or rate-limit wait at an hour, and the tick comes then, not at once', async () => {
    for (const waitMs of [99_999_999_000, 1e12 * 1000, Number.MAX_VALUE, Infinity]) {
      const { timers, ticks, poller } = setup([new Waiting(waitMs), { active: false }]);
      await timers.advance(0);
      assert.equal(timers.lastDelay, HOUR, String(waitMs));
      await timers.advance(HOUR - 1);
      assert.deepEqual(ticks, [0], `nothing before the hour (${waitMs})`);
      await timers.advance(1);
      assert.deepEqual(ticks, [0, HOUR]);
      poller.dispose();
    }
    assert.equal(MAX_DELAY_MS, HOUR);
  });

  it('caps a huge x-poll-interval at an hour', async () => {
    const { timers, ticks, poller } = setup([{ active: true, minIntervalMs: 1e15 }]);
    await timers.advance(0);
    assert.equal(timers.lastDelay, HOUR);
    await timers.advance(HOUR - 1);
    assert.deepEqual(ticks, [0]);
    await timers.advance(1);
    assert.deepEqual(ticks, [0, HOUR]);
    poller.dispose();
  });

  it('ignores a wait that is not a number, or negative, and keeps the configured pace', async () => {
    for (const bad of [NaN, -5_000, -Infinity]) {
      const { timers, poller } = setup([{ active: true, minIntervalMs: bad }]);
      await timers.advance(0);
      assert.equal(timers.lastDelay, 10_000, `minIntervalMs ${bad}`);
      poller.dispose();
      const second = setup([new Waiting(bad)]);
      second.timers.randomValue = 0.5;
      await second.timers.advance(0);
      assert.equal(second.timers.lastDelay, 10_000, `wait hint ${bad}`);
      second.poller.dispose();
    }
  });

  it('never goes below the configured pace, even with the backoff jitter at its lowest', async () => {
    const { timers, poller } = setup([new Error('x')]);
    timers.randomValue = 0;
    await timers.advance(0);
    assert.equal(poller.mode, 'backoff');
    assert.equal(timers.lastDelay, 10_000);
    poller.dispose();
  });

  it('keeps a configured pace that is not a number or below a second from hammering', async () => {
    for (const bad of [NaN, 0, -1]) {
      const { timers, poller } = setup([{ active: true }], bad);
      await timers.advance(0);
      assert.equal(timers.lastDelay, 1_000, String(bad));
      poller.dispose();
    }
  });
});
