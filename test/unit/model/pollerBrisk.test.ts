// The brisk pace: right after a start and while a task is queued the poller looks every couple of seconds, for a
// short while only, and never sooner than the service asked. Time is the fake clock's: no test here sleeps.
import * as assert from 'node:assert/strict';
import { BRISK_FOR_MS, BRISK_INTERVAL_MS, Poller, type TickResult } from '../../../src/model/poller';
import { FakeTimers } from './fakeTimers';

const QUICK = 10_000;
const queued: TickResult = { active: true, queued: true };
const running: TickResult = { active: true, queued: false };
const done: TickResult = { active: false, queued: false };

/** A poller whose ticks answer from `script`, then repeat its last answer; `ticks` holds when each tick ran. */
function setup(script: TickResult[], extra: Partial<TickResult> = {}) {
  const timers = new FakeTimers();
  const ticks: number[] = [];
  let last: TickResult = done;
  const poller = new Poller({
    timers,
    activeIntervalMs: () => QUICK,
    idleIntervalMs: () => 60_000,
    tick: async () => {
      ticks.push(timers.now());
      last = script.shift() ?? last;
      return { ...last, ...extra };
    },
  });
  poller.update({ signedIn: true, visible: true });
  return { timers, ticks, poller };
}

describe('model/Poller brisk pace', () => {
  it('right after a start, looks every couple of seconds until the task has left the queue, then quickly', async () => {
    const { timers, ticks, poller } = setup([done, queued, queued, running]);
    await timers.advance(0);
    assert.equal(poller.mode, 'slow');
    await timers.advance(5_000);
    poller.markActive(); // a task was started at 5 s
    assert.equal(poller.mode, 'brisk');
    await poller.trigger(); // the start's own refresh: queued
    await timers.advance(2 * BRISK_INTERVAL_MS); // queued, then running
    assert.deepEqual(ticks, [0, 5_000, 5_000 + BRISK_INTERVAL_MS, 5_000 + 2 * BRISK_INTERVAL_MS]);
    assert.equal(poller.mode, 'quick', 'running: back to the quick pace');
    await timers.advance(QUICK);
    assert.deepEqual(ticks.slice(4), [5_000 + 2 * BRISK_INTERVAL_MS + QUICK]);
    poller.dispose();
  });

  it('is brisk while a queued task is seen (someone else started it), for a short while only', async () => {
    const { timers, ticks, poller } = setup([queued]);
    await timers.advance(0);
    assert.equal(poller.mode, 'brisk');
    await timers.advance(BRISK_FOR_MS);
    const brisk = ticks.length - 1;
    assert.equal(brisk, BRISK_FOR_MS / BRISK_INTERVAL_MS, 'a tick every brisk interval during the while');
    assert.equal(poller.mode, 'quick', 'a task that stays queued is watched at the quick pace again');
    const before = ticks.length;
    await timers.advance(3 * QUICK);
    assert.equal(ticks.length - before, 3, 'then one tick per quick interval');
    poller.dispose();
  });

  it('never looks sooner than the service asked (x-poll-interval), brisk or not', async () => {
    const { timers, ticks, poller } = setup([queued], { minIntervalMs: 7_000 });
    await timers.advance(0);
    assert.equal(poller.mode, 'brisk');
    await timers.advance(21_000);
    assert.deepEqual(ticks, [0, 7_000, 14_000, 21_000]);
    poller.dispose();
  });

  it('keeps a configured quick pace that is quicker than the brisk one', async () => {
    const timers = new FakeTimers();
    const ticks: number[] = [];
    const poller = new Poller({
      timers,
      activeIntervalMs: () => 1_000,
      idleIntervalMs: () => 60_000,
      tick: async () => (ticks.push(timers.now()), queued),
    });
    poller.update({ signedIn: true, visible: true });
    await timers.advance(3_000);
    assert.deepEqual(ticks, [0, 1_000, 2_000, 3_000]);
    poller.dispose();
  });

  it('starts a new while for each start, and ends it when nothing is queued any more', async () => {
    const { timers, ticks, poller } = setup([done]);
    await timers.advance(0);
    poller.markActive();
    await poller.trigger(); // answers "nothing queued" (the sandbox already ran it): the while ends
    assert.equal(poller.mode, 'slow');
    assert.deepEqual(ticks, [0, 0]);
    poller.dispose();
  });
});
