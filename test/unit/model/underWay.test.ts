import assert from 'node:assert/strict';
import { UnderWay } from '../../../src/model/underWay';

describe('model/UnderWay', () => {
  it('joins an ask for the same key while the first runs, and starts afresh once it settled', async () => {
    const u = new UnderWay<number>();
    let starts = 0;
    let release!: (n: number) => void;
    const start = () => {
      starts++;
      return new Promise<number>(r => (release = r));
    };
    const a = u.join('k', start);
    const b = u.join('k', start);
    assert.equal(starts, 1);
    release(7);
    assert.deepEqual(await Promise.all([a, b]), [7, 7]);
    assert.equal(u.has('k'), false);
    const c = u.join('k', start);
    assert.equal(starts, 2, 'settled: a new ask starts again');
    release(8);
    assert.equal(await c, 8);
  });

  it('forgets a failed run too, and runs other keys side by side', async () => {
    const u = new UnderWay<string>();
    await assert.rejects(
      u.join('x', () => Promise.reject(new Error('down'))),
      /down/,
    );
    assert.equal(u.has('x'), false);
    const [x, y] = await Promise.all([u.join('x', async () => 'x'), u.join('y', async () => 'y')]);
    assert.deepEqual([x, y], ['x', 'y']);
  });

  it('after forget, a new ask starts afresh while the old run still ends', async () => {
    const u = new UnderWay<number>();
    let release!: (n: number) => void;
    const old = u.join('k', () => new Promise<number>(r => (release = r)));
    u.forget(key => key === 'k');
    const fresh = u.join('k', async () => 2);
    release(1);
    assert.deepEqual(await Promise.all([old, fresh]), [1, 2]);
  });
});
