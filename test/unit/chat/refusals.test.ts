// Refusals name commands that exist, by the titles the palette shows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND_TITLES, failureText, refusal, remedyHint, TOOLS_SETTING } from '../../../src/chat/refusals';
import { explain } from '../../../src/errors/userErrors';
import { apiError } from '../errors/apiErrors';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: Array<{ title: string; category?: string }>;
    configuration: { properties: Record<string, { default?: unknown }> };
  };
};

// The manifest's words are `%key%` references into package.nls.json, as VS Code reads them.
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const word = (s: string | undefined) => (s && /^%.+%$/.test(s) ? nls[s.slice(1, -1)] : s);

describe('chat/refusals', () => {
  it('every command a refusal names is in the palette under that title', () => {
    const titles = new Set(pkg.contributes.commands.map(c => `${word(c.category)}: ${word(c.title)}`));
    for (const t of Object.values(COMMAND_TITLES)) assert.ok(titles.has(t), t);
  });

  it('the setting it names exists and is on by default', () => {
    assert.equal(pkg.contributes.configuration.properties[TOOLS_SETTING]?.default, true);
  });

  it('says what is missing and the command that sets it', () => {
    assert.match(refusal({ kind: 'noToken' }), /Run “Agent Tasks: Set Token…”, then ask again\.$/);
    assert.match(refusal({ kind: 'noService' }), /Run “Agent Tasks: Set Service Address…”/);
    assert.match(refusal({ kind: 'off' }), /agentTasks\.chat\.tools\.enabled/);
    const noRepo = refusal({ kind: 'noRepo', repoState: 'none', canListMine: true });
    assert.match(noRepo, /^No repository of this service .* Run “Agent Tasks: Choose Repository…”.* scope “mine”\.$/);
    assert.match(refusal({ kind: 'noRepo', repoState: 'loading', canListMine: false }), /still looking/);
    assert.doesNotMatch(refusal({ kind: 'noRepo', repoState: 'noGit', canListMine: false }), /mine/);
  });

  it('a failure reads as the one explanation says it, with its way out', () => {
    assert.equal(
      failureText('Listing tasks', apiError(401)),
      `Listing tasks failed: ${explain(apiError(401)).text} Run “Agent Tasks: Set Token…” to set another token.`,
    );
    assert.match(failureText('Listing tasks', apiError(401)), /Your fine-grained token is missing, expired or revoked/);
    assert.equal(
      failureText('Reading the task', new Error('Gone.')),
      'Reading the task failed: Gone. Details are in the log (“Agent Tasks: Show Log”).',
    );
    assert.equal(remedyHint('retry'), 'Asking again in a moment may work.');
  });
});
