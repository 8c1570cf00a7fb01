// Where git cannot run (the browser's build, src/env), the manifest offers nothing that needs it: every menu entry and
// the palette entry of each command of src/changes/gitCommandIds.ts carries `!agentTasks.gitless` (or is never shown),
// and the manifest says truthfully what the extension does in a virtual or untrusted workspace.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GIT_COMMANDS, GIT_ONLY_OFFERS } from '../../../src/changes/gitCommandIds';
import { CONTEXT } from '../../../src/ids';
import { ROOT } from '../../support/vsix';

interface MenuItem {
  command: string;
  when?: string;
}
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  capabilities?: {
    virtualWorkspaces?: { supported: boolean | 'limited'; description?: string };
    untrustedWorkspaces?: { supported: boolean | 'limited'; description?: string };
  };
  contributes: { commands: Array<{ command: string }>; menus: Record<string, MenuItem[]> };
};

describe('the manifest where git cannot run', () => {
  const needGit = [...GIT_COMMANDS, ...GIT_ONLY_OFFERS];

  it('names commands the manifest has', () => {
    const commands = new Set(manifest.contributes.commands.map(c => c.command));
    assert.deepEqual(
      needGit.filter(c => !commands.has(c)),
      [],
    );
    assert.equal(CONTEXT.gitless, 'agentTasks.gitless');
  });

  it('offers none of them in a menu or the palette without !agentTasks.gitless', () => {
    const open: string[] = [];
    for (const [menu, items] of Object.entries(manifest.contributes.menus))
      for (const item of items)
        if (
          needGit.includes(item.command) &&
          item.when !== 'false' &&
          !/(^|&&\s*)!agentTasks\.gitless(\s*&&|$)/.test(item.when ?? '')
        )
          open.push(`${menu}: ${item.command} (${item.when ?? 'always'})`);
    assert.deepEqual(open, []);
    const palette = new Set(manifest.contributes.menus.commandPalette.map(i => i.command));
    assert.deepEqual(
      needGit.filter(c => !palette.has(c)),
      [],
      'each has a palette entry (a command without one is in the palette everywhere)',
    );
  });

  it('declares virtual workspaces limited and untrusted ones unsupported, saying why (git)', () => {
    const c = manifest.capabilities;
    const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const words = (d?: string) => nls[(d ?? '').replace(/^%|%$/g, '')] ?? '';
    assert.equal(c?.virtualWorkspaces?.supported, 'limited');
    assert.match(words(c?.virtualWorkspaces?.description), /git/);
    // It runs the user's git in the workspace's repository, whose config can name programs: not before trust.
    assert.equal(c?.untrustedWorkspaces?.supported, false);
    assert.match(words(c?.untrustedWorkspaces?.description), /git/);
  });
});
