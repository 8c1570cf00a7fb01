import * as assert from 'node:assert/strict';
import { onFirstUse } from '../../../src/shared/onFirstUse';

describe('onFirstUse', () => {
  it('makes once and shares the promise', async () => {
    let made = 0;
    const get = onFirstUse(async () => ++made);
    const [a, b] = await Promise.all([get(), get()]);
    assert.deepEqual([a, b, await get(), made], [1, 1, 1, 1]);
  });

  it('tries again after a failure instead of keeping it', async () => {
    let calls = 0;
    const get = onFirstUse(async () => {
      if (++calls === 1) throw new Error('the first import failed');
      return 'built';
    });
    await assert.rejects(get(), /the first import failed/);
    assert.equal(await get(), 'built');
    assert.equal(calls, 2);
  });
});
