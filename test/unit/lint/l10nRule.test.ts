// The lint rule that keeps user-facing words in the l10n bundle: a bare literal where the user reads it fails, the
// same words through l10n.t pass, and so do service data, codicons and punctuation.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

describe('lint rule l10n/no-bare-user-text', () => {
  let rule: Rule.RuleModule;
  before(async () => {
    const url = pathToFileURL(path.join(ROOT, 'eslint-rules', 'l10n.mjs')).href;
    const plugin = (await import(url)) as { default: { rules: Record<string, Rule.RuleModule> } };
    rule = plugin.default.rules['no-bare-user-text'];
  });

  it('fails on bare literals and passes on l10n.t', () => {
    const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
    const bare = [{ messageId: 'bare' }];
    tester.run('no-bare-user-text', rule, {
      valid: [
        "vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', name));",
        "ui.notify('info', l10n.t('No token is set.'), l10n.t('Set Token…'));",
        "tell(ui, 'warning', l10n.t('The prompt is empty.'));",
        "const item = { label: l10n.t('$(key) Enter a token…'), description: task.name, detail: '' };",
        "item.tooltip = forLabel(task.name); status.text = '$(sync~spin) ' + count;",
        "const node = new vscode.TreeItem(vscode.l10n.t('Commits'));",
        "const x = { title: `${a} · ${b}`, label: '—' };",
        "ui.confirm(l10n.t('Remove {0}?', repo), l10n.t('It goes.'), l10n.t('Remove'));",
        "return { text: l10n.t('The request was cancelled.'), remedy: 'retry' };",
        "const label = picture.repo?.label ?? l10n.t('repository {0}', key);",
        'const message = task.name;',
      ],
      invalid: [
        { code: "vscode.window.showErrorMessage('Something failed');", errors: bare },
        { code: "vscode.window.showWarningMessage(l10n.t('Sure?'), 'Delete');", errors: bare },
        { code: "ui.notify('info', `Saved ${name}.`);", errors: bare },
        { code: "tell(ui, 'info', 'Nothing to apply.');", errors: bare },
        { code: "ui.confirm(l10n.t('Remove?'), 'It goes.', l10n.t('Remove'));", errors: bare },
        { code: "const item = { label: '$(key) Enter a token…' };", errors: bare },
        { code: "ui.pick(items, { placeHolder: 'Which token?' });", errors: bare },
        { code: 'statusItem.text = `$(error) Agent Tasks: ${title}`;', errors: bare },
        { code: "item.description = done ? 'finished' : 'running';", errors: [...bare, ...bare] },
        { code: "const node = new vscode.TreeItem('Commits');", errors: bare },
        { code: "return { text: 'The request ' + 'was cancelled.' };", errors: bare },
        { code: "return { invocationMessage: 'Reading an agent task' };", errors: bare },
        { code: 'const label = picture.repo?.label ?? `repository ${key}`;', errors: bare },
        { code: "const text = total ? l10n.t('Loading {0} of {1}', done, total) : 'Loading…';", errors: bare },
      ],
    });
  });
});
