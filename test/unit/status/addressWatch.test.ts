// The address is tried without a token only once it is known that no token is set: at activation the token has not
// been read yet, and a signed-in user's window must not send a request (and load the HTTP layer) for nothing.
import assert from 'node:assert/strict';
import type { Log } from '../../../src/log';
import type { AddressFinding } from '../../../src/service/addressCheck';
import { AddressWatch } from '../../../src/status/addressWatch';

const silent: Log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

function watch(signedIn: () => boolean | undefined) {
  const tried: string[] = [];
  const down: AddressFinding = { kind: 'unreachable', level: 'warning', text: 'nothing answers' };
  const w = new AddressWatch({
    current: () => ({ kind: 'remote', url: 'https://agents.example.test' }),
    signedIn,
    tryAddress: async url => {
      tried.push(url);
      return down;
    },
    log: silent,
  });
  return { w, tried };
}

describe('status: the address watch', () => {
  it('tries nothing while the token has not been read, nor once one is set', () => {
    let known: boolean | undefined = undefined;
    const { w, tried } = watch(() => known);
    assert.equal(w.problem(), undefined);
    known = true;
    assert.equal(w.problem(), undefined);
    assert.deepEqual(tried, []);
    w.dispose();
  });

  it('tries the address once when no token is set, and says what it found', async () => {
    const { w, tried } = watch(() => false);
    let told = 0;
    w.onDidChange(() => told++);
    assert.equal(w.problem(), undefined, 'nothing found yet');
    await new Promise(resolve => setImmediate(resolve));
    assert.equal(told, 1);
    assert.equal(w.problem()?.kind, 'unreachable');
    assert.deepEqual(tried, ['https://agents.example.test'], 'once');
    w.dispose();
  });
});
