// Run by the extension host of ui-attempts.mjs's window (test mode, `extensionTestsPath`): the sandbox's finished set
// of attempts (GET /_sandbox/attempt-sets: the demo's three attempts at one prompt) written down as this workspace's
// set, as starting attempts here writes it, through the extension's own sets (its test surface); then it waits until
// the UI run says it is done (a file appears), so that the window stays up while the run clicks. Nothing else: the
// rest is done by clicks.
const fs = require('node:fs');
const vscode = require('vscode');

exports.run = async function run() {
  const { AGENT_TASKS_UI_READY: ready, AGENT_TASKS_UI_DONE: done } = process.env;
  const api = await vscode.extensions.getExtension('agent-tasks.agent-tasks').activate();
  const url = vscode.workspace.getConfiguration('agentTasks').get('serviceUrl');
  const told = await (await fetch(`${url}/_sandbox/attempt-sets`)).json();
  const demo = told.attempt_sets[0];
  const start = { repo: demo.repository, prompt: demo.prompt, base_ref: 'main', head_ref: '' };
  const models = demo.tasks.map(t => t.model ?? '');
  const set = await api.attemptSets.create({ ...start, create_pull_request: false, custom_agent: '' }, models);
  for (const [i, t] of demo.tasks.entries()) await api.attemptSets.noteStarted(set.id, i, t.id);
  fs.writeFileSync(ready, JSON.stringify({ set: set.id, prompt: demo.prompt, tasks: demo.tasks }));
  while (!fs.existsSync(done)) await new Promise(r => setTimeout(r, 200));
};
