import * as assert from 'node:assert/strict';
import { Emitter } from '../../../src/shared/emitter';
import { untilSettled } from '../../../src/shared/untilSettled';

const tick = () => new Promise(r => setImmediate(r));

describe('untilSettled', () => {
  it('resolves at once when the state already holds, and listens to nothing', async () => {
    const e = new Emitter<void>();
    let listened = false;
    await untilSettled(() => true, [l => ((listened = true), e.event(l))], 60_000);
    assert.equal(listened, false);
  });

  it('reads the state again at each event and resolves at the first that finds it, then stops listening', async () => {
    const a = new Emitter<void>();
    const b = new Emitter<number>();
    let ready = false;
    let reads = 0;
    let done = false;
    const wait = untilSettled(() => (reads++, ready), [a.event, b.event], 60_000).then(() => (done = true));
    a.fire();
    b.fire(1);
    await tick();
    assert.equal(done, false, 'events that find the state not yet there do not end the wait');
    ready = true;
    b.fire(2);
    await wait;
    const readsAtEnd = reads;
    a.fire();
    b.fire(3);
    assert.equal(reads, readsAtEnd, 'no listener is left behind');
    assert.equal(readsAtEnd, 4, 'read once at the start and once per event');
  });

  it('gives up after its bound without rejecting, and stops listening', async () => {
    const a = new Emitter<void>();
    let reads = 0;
    await untilSettled(() => (reads++, false), [a.event], 20);
    a.fire();
    assert.equal(reads, 1);
  });
});
