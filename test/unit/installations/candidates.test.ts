import assert from 'node:assert/strict';
import { candidatesFor } from '../../../src/installations/candidates';
import { account, installation, repository } from './builders';

const acme = account('acme', 900);
const mona = account('mona', 1001, 'User');
const target = installation(71, acme);
const rocket = repository(5000, acme, 'rocket');
const website = repository(5001, acme, 'website');
const infra = repository(5002, acme, 'infra', 'write');
const docs = repository(5005, acme, 'docs');
const dotfiles = repository(5003, mona, 'dotfiles');

describe('installations: candidates for Add Repository', () => {
  it("offers the account's reachable repositories not yet in the target, admin ones first, the rest with a reason", () => {
    const list = candidatesFor(
      target,
      [rocket, website],
      [
        { source: 'ci-bot on acme', repositories: [rocket, website] },
        { source: 'lint-bot on acme', repositories: [infra, docs, rocket] },
        { source: 'lint-bot on mona', repositories: [dotfiles] },
      ],
    );
    assert.deepEqual(
      list.map(c => [c.repository.full_name, c.verdict.allowed]),
      [
        ['acme/docs', true],
        ['acme/infra', false],
      ],
    );
    const closed = list[1].verdict;
    assert.equal(!closed.allowed && closed.reason, 'not-admin');
    assert.deepEqual(list[0].seenIn, ['lint-bot on acme']);
  });

  it('merges a repository seen in several lists, keeping where it came from and its permissions', () => {
    const { permissions: _p, ...bare } = docs;
    const list = candidatesFor(
      target,
      [rocket],
      [
        { source: 'earlier', repositories: [bare] },
        { source: 'lint-bot on acme', repositories: [docs] },
      ],
    );
    assert.equal(list.length, 1);
    assert.deepEqual(list[0].seenIn, ['earlier', 'lint-bot on acme']);
    assert.equal(list[0].repository.permissions?.admin, true);
  });

  it('offers nothing when nothing else of the account is reachable', () => {
    assert.deepEqual(
      candidatesFor(target, [rocket, website], [{ source: 'x', repositories: [rocket, website, dotfiles] }]),
      [],
    );
  });
});
