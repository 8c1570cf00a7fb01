// The pure pieces of the surfaces: what the explainer and the Installations policy make of service text that would
// act as markup (links, images, icons) — the same words, never the markup.
import * as assert from 'node:assert/strict';
import { explain } from '../../../src/errors/userErrors';
import { canAdd, canRemove, installationLabel } from '../../../src/installations/policy';
import { HOSTILE_TEXT } from '../../support/hostile';
import { apiError } from '../errors/apiErrors';
import { account, installation, repository } from '../installations/builders';

const LINK = /\]\(/;
const ICON = /\$\(/;
const shown = (s: string) => s.replace(/\u2060/g, '');

describe('safety: service text in messages', () => {
  it("the explainer quotes the service's message and errors[].message as words, never as a link", () => {
    const said = explain(apiError(400, { message: HOSTILE_TEXT.commandLink }));
    assert.doesNotMatch(said.text, LINK, said.text);
    assert.ok(shown(said.text).includes(HOSTILE_TEXT.commandLink), said.text);

    const rejected = explain(
      apiError(422, {
        errors: [{ resource: 'Task', field: 'prompt', code: 'invalid', message: HOSTILE_TEXT.webLink }],
      }),
    );
    assert.doesNotMatch(rejected.text, LINK, rejected.text);
    assert.ok(shown(rejected.text).includes(HOSTILE_TEXT.webLink), rejected.text);

    const installations = explain(apiError(403, { message: `${HOSTILE_TEXT.fileLink} ${HOSTILE_TEXT.icons}` }), {
      op: 'addRepository',
      subject: { repository: '[r](command:x)' },
    });
    assert.doesNotMatch(installations.text, LINK, installations.text);
    assert.doesNotMatch(installations.text, ICON, installations.text);
  });

  it('an error thrown with service text in it (a failure that is not an answer) is said as words', () => {
    const said = explain(new Error(`fetch ${HOSTILE_TEXT.commandLink} failed`));
    assert.doesNotMatch(said.text, LINK, said.text);
    assert.ok(shown(said.text).includes(HOSTILE_TEXT.commandLink));
  });

  it("the Installations policy's refusals name logins and repositories as words", () => {
    const owner = account('[acme](command:workbench.action.openSettings)', 900);
    const repo = { ...repository(5000, owner, 'rocket', 'write'), full_name: `${HOSTILE_TEXT.image} $(zap)` };
    const inst = installation(71, owner, { app_slug: '[bot](https://evil.example)' });
    const verdicts = [canRemove(inst, repo, [repo, repository(5001, owner, 'x')]), canAdd(inst, repo, [])];
    for (const v of verdicts) {
      assert.equal(v.allowed, false);
      const message = v.allowed ? '' : v.message;
      assert.doesNotMatch(message, LINK, message);
      assert.doesNotMatch(message, ICON, message);
      assert.ok(shown(message).includes(HOSTILE_TEXT.image), message);
    }
    assert.doesNotMatch(installationLabel(inst), LINK);
  });
});
