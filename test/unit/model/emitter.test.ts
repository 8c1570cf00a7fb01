// The one event emitter: a listener that throws neither stops the others nor goes unseen.
import assert from 'node:assert/strict';
import { Emitter, reportListenerFailuresTo } from '../../../src/shared/emitter';

describe('model: emitter', () => {
  afterEach(() => reportListenerFailuresTo(undefined));

  it('tells a listener’s failure where it was told to, and every other listener still hears the event', () => {
    const told: unknown[] = [];
    reportListenerFailuresTo(err => told.push(err));
    const e = new Emitter<number>();
    const heard: number[] = [];
    e.event(() => {
      throw new Error('listener broke');
    });
    e.event(n => heard.push(n));
    e.fire(7);
    assert.deepEqual(heard, [7]);
    assert.equal(told.length, 1);
    assert.equal((told[0] as Error).message, 'listener broke');
  });

  it('a report that itself fails does not stop the event', () => {
    reportListenerFailuresTo(() => {
      throw new Error('the log is gone');
    });
    const e = new Emitter<void>();
    let heard = 0;
    e.event(() => {
      throw new Error('x');
    });
    e.event(() => heard++);
    e.fire();
    assert.equal(heard, 1);
  });
});
