import assert from 'node:assert/strict';
import { accessWord, canAdd, canRemove, permissionsLabel } from '../../../src/installations/policy';
import { account, installation, repository } from './builders';

const acme = account('acme', 900);
const mona = account('mona', 1001, 'User');
const rocket = repository(5000, acme, 'rocket');
const website = repository(5001, acme, 'website');
const infra = repository(5002, acme, 'infra', 'write');

describe('installations policy: removing a repository', () => {
  it('allows removing one of several repositories the user administers', () => {
    assert.deepEqual(canRemove(installation(71, acme), rocket, [rocket, website]), { allowed: true });
  });

  it('refuses on an installation set to all repositories, and says so', () => {
    const v = canRemove(installation(72, mona, { repository_selection: 'all', app_slug: 'lint-bot' }), rocket, [
      rocket,
      website,
    ]);
    assert.equal(v.allowed, false);
    assert.equal(!v.allowed && v.reason, 'selection-all');
    assert.match(!v.allowed ? v.message : '', /lint-bot on mona is set to all repositories/);
  });

  it('refuses the only repository of a selected installation', () => {
    const v = canRemove(installation(73, acme), rocket, [rocket]);
    assert.equal(!v.allowed && v.reason, 'last-repository');
    assert.match(!v.allowed ? v.message : '', /acme\/rocket is the only repository of ci-bot on acme/);
  });

  it('refuses where the user is not admin, naming the access they have', () => {
    const v = canRemove(installation(71, acme), infra, [rocket, infra]);
    assert.equal(!v.allowed && v.reason, 'not-admin');
    assert.match(!v.allowed ? v.message : '', /you have write access/);
  });

  it('leaves to the service what the view cannot know', () => {
    // Not in the view's list (named by id), or without permissions: only the selection can be judged.
    assert.deepEqual(canRemove(installation(71, acme), undefined, [rocket]), { allowed: true });
    const { permissions: _omit, ...noPerms } = rocket;
    assert.deepEqual(canRemove(installation(71, acme), noPerms, [noPerms, website]), { allowed: true });
    assert.equal(canRemove(installation(71, acme, { repository_selection: 'all' }), undefined, []).allowed, false);
  });
});

describe('installations policy: adding a repository', () => {
  const docs = repository(5005, acme, 'docs');

  it('allows an admin repository of the same account that is not yet in', () => {
    assert.deepEqual(canAdd(installation(71, acme), docs, [rocket, website]), { allowed: true });
  });

  it('refuses, each with its reason: all repositories, already in, other account, not admin', () => {
    const reason = (v: ReturnType<typeof canAdd>) => (v.allowed ? 'allowed' : v.reason);
    assert.equal(reason(canAdd(installation(72, acme, { repository_selection: 'all' }), docs, [])), 'selection-all');
    assert.equal(reason(canAdd(installation(71, acme), rocket, [rocket])), 'already-present');
    assert.equal(reason(canAdd(installation(71, acme), repository(5003, mona, 'dotfiles'), [rocket])), 'other-account');
    assert.equal(reason(canAdd(installation(71, acme), infra, [rocket])), 'not-admin');
  });
});

describe('installations policy: words for permissions', () => {
  it('names the strongest access and lists the granted ones', () => {
    assert.equal(accessWord({ admin: false, push: true, pull: true }), 'write');
    assert.equal(accessWord({ admin: false, push: false, pull: true }), 'read');
    assert.equal(accessWord(undefined), 'unknown');
    assert.equal(permissionsLabel({ admin: true, push: true, pull: true }), 'admin · push · pull');
    assert.equal(permissionsLabel({ admin: false, push: false, pull: false }), 'no access');
    assert.equal(permissionsLabel(undefined), '');
  });
});
