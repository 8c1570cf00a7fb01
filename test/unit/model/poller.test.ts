import * as assert from 'node:assert/strict';
import { Poller, type TickResult } from '../../../src/model/poller';
import { FakeTimers, settle } from './fakeTimers';

class RateLimited extends Error {
  constructor(readonly waitMs: number) {
    super('rate limited');
  }
}

function setup(script: Array<TickResult | Error> = []) {
  const timers = new FakeTimers();
  const ticks: number[] = [];
  const signals: AbortSignal[] = [];
  let fallback: TickResult = { active: false };
  const poller = new Poller({
    timers,
    activeIntervalMs: () => 10_000,
    idleIntervalMs: () => 60_000,
    maxBackoffMs: 300_000,
    waitHintMs: err => (err instanceof RateLimited ? err.waitMs : undefined),
    tick: async signal => {
      ticks.push(timers.now());
      signals.push(signal);
      const next = script.length ? script.shift()! : fallback;
      if (next instanceof Error) throw next;
      fallback = next;
      return next;
    },
  });
  return { timers, ticks, signals, poller };
}

describe('model/Poller', () => {
  it('does nothing until signed in, then ticks at once', async () => {
    const { timers, ticks, poller } = setup();
    poller.update({ visible: true });
    await timers.advance(120_000);
    assert.deepEqual(ticks, []);
    assert.equal(poller.mode, 'stopped');
    poller.update({ signedIn: true });
    await timers.advance(0);
    assert.deepEqual(ticks, [120_000]);
    poller.dispose();
  });

  it('ignores Refresh while signed out: nothing to ask for', async () => {
    const { timers, ticks, poller } = setup();
    poller.update({ visible: true });
    await poller.trigger();
    await timers.advance(0);
    assert.deepEqual(ticks, []);
    poller.dispose();
  });

  it('never runs two ticks at once, whenever a trigger lands while one ends', async () => {
    // A trigger can land at any microtask while a tick is ending; try each of the first few.
    for (let hop = 0; hop < 12; hop++) {
      const timers = new FakeTimers();
      let running = 0;
      let most = 0;
      const releases: Array<() => void> = [];
      const poller = new Poller({
        timers,
        activeIntervalMs: () => 10_000,
        idleIntervalMs: () => 60_000,
        tick: async () => {
          running++;
          most = Math.max(most, running);
          await new Promise<void>(r => releases.push(r));
          running--;
          return { active: true };
        },
      });
      poller.update({ signedIn: true, visible: true });
      const first = poller.trigger();
      const again = poller.trigger(); // asks for a second tick after the first
      releases.shift()!();
      for (let i = 0; i < hop; i++) await Promise.resolve();
      const late = poller.trigger();
      for (let i = 0; i < 50; i++) {
        await settle();
        while (releases.length) releases.shift()!();
      }
      await Promise.all([first, again, late]);
      poller.dispose();
      assert.equal(most, 1, `two ticks ran at once (trigger ${hop} microtasks after the first tick ended)`);
    }
  });

  it('looks once with the views hidden, then stops unless a task runs', async () => {
    const idle = setup([{ active: false }]);
    idle.poller.update({ signedIn: true, visible: false });
    await idle.timers.advance(600_000);
    assert.deepEqual(idle.ticks, [0]);
    assert.equal(idle.poller.mode, 'stopped');
    idle.poller.dispose();
    const busy = setup([{ active: true }]);
    busy.poller.update({ signedIn: true, visible: false });
    await busy.timers.advance(20_000);
    assert.deepEqual(busy.ticks, [0, 10_000, 20_000], 'a running task is watched for its notification');
    busy.poller.dispose();
  });

  it('polls slowly when every task is finished and quickly while one runs', async () => {
    const { timers, ticks, poller } = setup([{ active: false }, { active: true }, { active: true }, { active: false }]);
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    await timers.advance(60_000); // slow interval → 2nd tick; now active
    await timers.advance(10_000); // quick
    await timers.advance(10_000); // quick → active false
    await timers.advance(59_999);
    assert.deepEqual(ticks, [0, 60_000, 70_000, 80_000]);
    await timers.advance(1);
    assert.deepEqual(ticks, [0, 60_000, 70_000, 80_000, 140_000]);
    assert.equal(poller.mode, 'slow');
    poller.dispose();
  });

  it('pauses while unfocused with nothing running, and catches up on focus', async () => {
    const { timers, ticks, poller } = setup();
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    poller.update({ focused: false });
    assert.equal(poller.mode, 'paused');
    await timers.advance(600_000);
    assert.deepEqual(ticks, [0]);
    poller.update({ focused: true });
    await timers.advance(0);
    assert.deepEqual(ticks, [0, 600_000], 'overdue, so it ticks at once');
    poller.dispose();
  });

  it('keeps polling quickly while unfocused when a task runs', async () => {
    const { timers, ticks, poller } = setup([{ active: true }]);
    poller.update({ signedIn: true, visible: true, focused: false });
    await timers.advance(30_000);
    assert.deepEqual(ticks, [0, 10_000, 20_000, 30_000]);
    assert.equal(poller.mode, 'quick');
    poller.dispose();
  });

  it('stops when the views are hidden and nothing runs, but not while a task runs', async () => {
    const { timers, ticks, poller } = setup([{ active: true }, { active: false }]);
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    poller.update({ visible: false });
    assert.equal(poller.mode, 'quick', 'a running task is still watched');
    await timers.advance(10_000); // now inactive → stopped
    assert.equal(poller.mode, 'stopped');
    await timers.advance(3_600_000);
    assert.deepEqual(ticks, [0, 10_000]);
    assert.equal(timers.scheduled.length, 0);
    poller.dispose();
  });

  it('stops when signed out', async () => {
    const { timers, ticks, poller } = setup([{ active: true }]);
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    poller.update({ signedIn: false });
    await timers.advance(100_000);
    assert.deepEqual(ticks, [0]);
    poller.dispose();
  });

  it('backs off exponentially on errors and returns to the normal pace after a success', async () => {
    const err = new Error('boom');
    const { timers, ticks, poller } = setup([err, err, err, { active: true }]);
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    assert.equal(poller.mode, 'backoff');
    await timers.advance(10_000 + 20_000 + 40_000);
    assert.deepEqual(ticks, [0, 10_000, 30_000, 70_000]);
    assert.equal(poller.mode, 'quick');
    await timers.advance(10_000);
    assert.deepEqual(ticks.slice(-1), [80_000]);
    poller.dispose();
  });

  it('caps the backoff and applies jitter', async () => {
    const { timers, poller } = setup(Array.from({ length: 12 }, () => new Error('x')));
    timers.randomValue = 0;
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    assert.equal(poller.delayMs(), 10_000, 'first retry: jitter never goes below the configured pace');
    for (let i = 0; i < 11; i++) await timers.advance(poller.delayMs());
    timers.randomValue = 0.999;
    assert.ok(poller.delayMs() <= 300_000);
    assert.ok(poller.delayMs() > 299_000);
    poller.dispose();
  });

  it('waits as long as the service asked (Retry-After or rate-limit reset)', async () => {
    const { timers, ticks, poller } = setup([new RateLimited(900_000), { active: false }]);
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    await timers.advance(899_999);
    assert.deepEqual(ticks, [0]);
    await timers.advance(1);
    assert.deepEqual(ticks, [0, 900_000]);
    poller.dispose();
  });

  it('honours a minimum interval the service asks for', async () => {
    const { timers, ticks, poller } = setup([{ active: true, minIntervalMs: 25_000 }]);
    poller.update({ signedIn: true, visible: true });
    await timers.advance(50_000);
    assert.deepEqual(ticks, [0, 25_000, 50_000]);
    poller.dispose();
  });

  it('refreshes on demand, and a trigger during a tick runs one more afterwards', async () => {
    const { timers, ticks, poller } = setup();
    poller.update({ signedIn: true, visible: true });
    await timers.advance(5_000);
    await poller.trigger();
    assert.deepEqual(ticks, [0, 5_000]);
    const a = poller.trigger();
    const b = poller.trigger();
    await a;
    await b;
    await settle();
    assert.equal(ticks.length, 4);
    poller.dispose();
  });

  it('gives every tick its own signal and aborts the running one on dispose', async () => {
    const { timers, signals, poller } = setup();
    poller.update({ signedIn: true, visible: true });
    await timers.advance(60_000);
    assert.equal(signals.length, 2);
    assert.notEqual(signals[0], signals[1]);
    let release!: () => void;
    const slow = new Poller({
      timers,
      activeIntervalMs: () => 1,
      idleIntervalMs: () => 1,
      tick: signal =>
        new Promise((_, reject) => {
          release = () => reject(new Error('aborted'));
          signal.addEventListener('abort', () => release());
        }),
    });
    slow.update({ signedIn: true, visible: true });
    await settle();
    slow.dispose();
    await settle();
    assert.equal(slow.consecutiveFailures, 0, 'an aborted tick is not a failure');
    poller.dispose();
  });

  it('reports mode changes', async () => {
    const { timers, poller } = setup([{ active: true }, { active: false }]);
    const modes: string[] = [];
    poller.onDidChangeMode(m => modes.push(m));
    poller.update({ signedIn: true, visible: true });
    await timers.advance(10_000);
    assert.deepEqual(modes, ['slow', 'quick', 'slow']);
    poller.dispose();
  });

  it('stays brisk when a task starts while a tick that predates it is answering', async () => {
    const timers = new FakeTimers();
    let release!: (r: TickResult) => void;
    const poller = new Poller({
      timers,
      activeIntervalMs: () => 10_000,
      idleIntervalMs: () => 60_000,
      tick: () => new Promise<TickResult>(resolve => (release = resolve)),
    });
    poller.update({ signedIn: true, visible: true });
    await timers.advance(0);
    poller.markActive();
    release({ active: false }); // read before the new task existed
    await settle();
    assert.equal(poller.mode, 'brisk');
    poller.dispose();
  });
});
