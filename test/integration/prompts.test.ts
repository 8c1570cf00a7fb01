// Every question of the start, view and account commands is asked through the extension's `Ui`: here each flow is
// answered through the test API as a user would, and what was asked and what followed is read back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { KNOWN_MODELS } from '../../src/api/types';
import { COMMANDS } from '../../src/ids';
import type { Asked } from '../../src/testing/recordingUi';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_TOKENS, freshStart, messagesFrom, SANDBOX, sandboxPost, startAsGiven } from './tasksSupport';

type StartResult = { ok: boolean; task?: { id: string } };
type Session = { prompt: string; model: string; base_ref: string; head_ref?: string };

/** The sessions of a started task, read from the sandbox on its own once the agent has begun. */
async function sessionsOf(id: string): Promise<Session[]> {
  await sandboxPost('/_sandbox/advance');
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return ((await r.json()) as { sessions: Session[] }).sessions;
}

const picks = (asked: Asked[]) => asked.flatMap(a => (a.kind === 'pick' ? [a] : []));

describe('prompts through the Ui: the start options, recent prompts, view filters and accounts', () => {
  let api: AgentTasksTestApi;
  before(async function () {
    this.timeout(90_000);
    api = await freshStart();
  });
  afterEach(async () => {
    api.answer(undefined);
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  it('the options list: model, base ref, head ref, pull request and custom agent, each changed, then Start', async () => {
    api = await freshStart();
    const root = vscode.workspace.workspaceFolders![0].uri;
    const agentFile = vscode.Uri.joinPath(root, '.github', 'agents', 'reviewer.agent.md');
    // The demo repository may hold this file already: it is put back as it was, for the suites after this one.
    const before = await Promise.resolve(vscode.workspace.fs.readFile(agentFile)).catch(() => undefined);
    await vscode.workspace.fs.writeFile(
      agentFile,
      new TextEncoder().encode('---\ndescription: Reviews\n---\nBe kind\n'),
    );
    const steps = ['Model', 'Base ref', 'Head ref', 'Create a pull request', 'Custom agent', 'Start task'];
    const model = KNOWN_MODELS[1];
    const from = api.asked().length;
    api.answer({
      pick: items => {
        const labels = items.map(i => i.label);
        if (labels.some(l => l.includes('Start task'))) {
          const step = steps.shift()!;
          return items.find(i => i.label.includes(step));
        }
        if (labels.includes('default')) return items.find(i => i.label === model);
        // The remote's branches: the base picked from them, the head typed (a branch the remote does not have yet).
        if (labels.some(l => l.includes('Another branch')))
          return labels[0].includes('None: a new branch')
            ? items.find(i => i.label.includes('Another branch'))
            : items.find(i => i.label === 'main');
        return items.find(i => i.label === 'reviewer');
      },
      input: box =>
        /default branch/.test(box.prompt) ? 'main' : /existing branch/.test(box.prompt) ? 'agent/go-on' : box.value,
    });
    try {
      const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.startTask, {
        prompt: 'Options all changed',
      });
      assert.equal(result?.ok, true, JSON.stringify([result, api.asked().slice(from), api.said().slice(-3)]));
      const [session] = await sessionsOf(result.task!.id);
      assert.equal(session.model, model);
      assert.equal(session.base_ref, 'main');
      assert.equal(session.head_ref, 'agent/go-on');
    } finally {
      if (before) await vscode.workspace.fs.writeFile(agentFile, before);
      else await vscode.workspace.fs.delete(agentFile);
    }
    assert.deepEqual(steps, [], 'every option was offered');
    const asked = api.asked().slice(from);
    assert.equal(asked[0].kind, 'input', 'the prompt box first');
    const lists = picks(asked).filter(p => p.labels.some(l => l.includes('Start task')));
    const pr = lists[0].descriptions?.[3]?.startsWith('yes') ? 'no' : 'yes';
    // What the list shows beside each option after the changes: the model, the refs, the pull request, the agent,
    // and one attempt.
    const [, shownModel, shownBase, ...rest] = lists.at(-1)!.descriptions ?? [];
    assert.equal(shownModel, model);
    assert.match(shownBase ?? '', /^main\b/);
    assert.deepEqual(rest, [pr, 'agent/go-on', 'reviewer', '1 (one task)']);
    const agents = picks(asked).find(p => p.labels.includes('reviewer'));
    assert.ok(agents, 'the custom agents of .github/agents were offered');
    // Model and pull request are remembered for the next start; the agent and the refs are not.
    const stored = JSON.parse(api.storedState()) as Array<Record<string, unknown>>;
    const remembered = stored.map(s => s['agentTasks.lastStartOptions']).find(Boolean);
    assert.deepEqual(remembered, { model, create_pull_request: pr === 'yes' });
  });

  it('a choice kept from the last start says so; a custom agent and a head branch are not carried over', async () => {
    api = await freshStart();
    const defaultPr = vscode.workspace.getConfiguration('agentTasks').get<boolean>('defaultCreatePullRequest', true);
    const other = defaultPr ? 'no' : 'yes';
    // One start with the pull request switched from the default, the custom agent and a head branch chosen.
    const steps = ['Custom agent', 'Base ref', 'Head ref', 'Start task'];
    api.answer({
      pick: items => {
        if (!items.some(i => i.label.includes('Start task'))) return items.find(i => i.label === 'reviewer');
        // The pull request is switched to the other value than the default (unless a start before left it so).
        const pr = items.find(i => i.label.includes('Create a pull request'))!;
        if (!pr.description?.startsWith(other)) return pr;
        const step = steps.shift()!;
        return items.find(i => i.label.includes(step));
      },
      input: box =>
        /default branch/.test(box.prompt) ? 'main' : /existing branch/.test(box.prompt) ? 'agent/one-off' : box.value,
    });
    const before = api.asked().length;
    const first = await vscode.commands.executeCommand<StartResult>(COMMANDS.startTask, { prompt: 'One with options' });
    assert.equal(first?.ok, true, JSON.stringify([first, api.asked().slice(before), api.said().slice(-3)]));
    // The next start: Enter on the first list, as it is shown.
    const from = api.asked().length;
    api.answer({ pick: items => items.find(i => i.label.includes('Start task')), input: box => box.value });
    const next = await vscode.commands.executeCommand<StartResult>(COMMANDS.startTask, { prompt: 'The next one' });
    assert.equal(next?.ok, true, JSON.stringify(next));
    const [list] = picks(api.asked().slice(from)).filter(p => p.labels.some(l => l.includes('Start task')));
    const shown = Object.fromEntries(
      list.labels.map((l, i) => [l.replace(/^\$\([\w-]+\) /, ''), list.descriptions?.[i]]),
    );
    assert.equal(shown['Create a pull request'], `${other} (remembered from your last start)`);
    assert.equal(shown['Custom agent'], 'none', 'the agent of one start is not the next one’s');
    assert.equal(shown['Head ref (existing branch)'], 'none: a new branch');
    const [session] = await sessionsOf(next.task!.id);
    assert.notEqual(session.head_ref, 'agent/one-off');
  });

  it('dismissing the options keeps the prompt as a draft, and sends nothing', async () => {
    api.answer({ input: box => box.value, pick: () => undefined });
    const result = await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'Keep me for later' });
    assert.equal(result, undefined);
    assert.equal(api.draft()?.prompt, 'Keep me for later');
  });

  it('an empty prompt is refused in the box with the reason, and nothing is sent', async () => {
    const said = messagesFrom(api);
    api.answer({ input: '   ', pick: () => assert.fail('no options after an empty prompt') });
    const result = await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: '' });
    assert.equal(result, undefined);
    assert.deepEqual(said(), ['Write what the agent should do.']);
  });

  it('Start Task… without a prompt offers the recent prompts; the one chosen is edited and started', async () => {
    const first = `Remember me ${Date.now()}`;
    assert.equal((await startAsGiven<StartResult>(COMMANDS.startTask, { prompt: first })).ok, true);
    const from = api.asked().length;
    api.answer({
      pick: items => items.find(i => i.label === first) ?? items.find(i => i.label.includes('Start task')),
      input: box => `${box.value ?? ''} again`,
    });
    const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.startTask);
    assert.equal(result.ok, true, JSON.stringify(result));
    const [choice] = picks(api.asked().slice(from));
    assert.match(choice.placeHolder, /recent/);
    assert.deepEqual(choice.labels.slice(0, 3), ['$(edit) New prompt…', 'Recent prompts', first]);
    const [session] = await sessionsOf(result.task!.id);
    assert.equal(session.prompt, `${first} again`);
  });

  it('Filter Repository… ticks the states chosen; Choose Repository… takes a typed owner/repo', async () => {
    api.answer({ pickMany: items => items.filter(i => i.label === 'Failed') });
    await vscode.commands.executeCommand(COMMANDS.filterStates);
    assert.match(api.viewDescription('repoTasks') ?? '', /filtered: Failed$/);
    await vscode.commands.executeCommand(COMMANDS.clearFilters);
    const from = api.asked().length;
    api.answer({ pick: items => items.find(i => i.label.includes('Enter owner/repo')), input: 'acme/dotfiles' });
    await vscode.commands.executeCommand(COMMANDS.chooseRepository);
    assert.equal(api.repository(), 'acme/dotfiles');
    const asked = api.asked().slice(from);
    assert.ok(picks(asked)[0]?.labels.includes('acme/rocket'), 'the detected repository was offered');
    assert.deepEqual(asked[1], { kind: 'input', text: 'Repository as owner/repo', password: false });
    api.answer({ pick: items => items.find(i => i.label === 'acme/rocket') });
    await vscode.commands.executeCommand(COMMANDS.chooseRepository);
    assert.equal(api.repository(), 'acme/rocket');
  });

  it('Sign Out… removes only the tokens ticked; Set Service Address… asks in a box and says what it found', async () => {
    await vscode.commands.executeCommand(COMMANDS.setToken, 'classic', DEMO_TOKENS.classic);
    api.answer({ pickMany: items => items.filter(i => /classic/i.test(i.label)) });
    await vscode.commands.executeCommand(COMMANDS.signOut);
    const offered = picks(api.asked()).at(-1)!.labels;
    assert.ok(offered.some(l => /^Fine-grained/.test(l)) && offered.some(l => /^Classic/.test(l)), offered.join());
    // Set Token… says which kinds are set: the classic one is gone, the fine-grained one stays.
    api.answer({ pick: () => undefined });
    await vscode.commands.executeCommand(COMMANDS.setToken);
    const kinds = picks(api.asked()).at(-1)!;
    const state = (re: RegExp) => kinds.descriptions?.[kinds.labels.findIndex(l => re.test(l))];
    assert.equal(state(/^Classic/), 'not set');
    assert.equal(state(/^Fine-grained/), 'set');
    const said = messagesFrom(api);
    api.answer({ input: box => box.value });
    await vscode.commands.executeCommand(COMMANDS.configureService);
    assert.match(api.asked().at(-1)?.kind === 'input' ? (api.asked().at(-1) as { text: string }).text : '', /api/);
    assert.equal(said().length, 1, 'one finding said about the address kept');
  });
});
