import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/ids';
import { extensionApi } from './tasksSupport';

interface Step {
  id: string;
  description: string;
  media: { image?: string };
  completionEvents?: string[];
}

/** The commands a step's description links to (`[Title](command:id)` or with arguments after `?`). */
const linked = (step: Step) => [...step.description.matchAll(/\]\(command:([\w.-]+)/g)].map(m => m[1]);

describe('walkthrough', () => {
  it("every step's button runs a command VS Code has, and its picture ships", async () => {
    await extensionApi();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const walkthroughs = (ext.packageJSON as { contributes: { walkthroughs: Array<{ steps: Step[] }> } }).contributes
      .walkthroughs;
    assert.equal(walkthroughs.length, 1);
    const steps = walkthroughs[0].steps;
    assert.deepEqual(
      steps.map(s => s.id),
      ['sandbox', 'signIn', 'startFromSelection', 'watch', 'review', 'feedback', 'apply', 'chat'],
    );
    const known = new Set(await vscode.commands.getCommands(true));
    const missing: string[] = [];
    for (const step of steps) {
      const commands = linked(step);
      assert.equal(commands.length, 1, `step ${step.id} has one button`);
      if (!known.has(commands[0])) missing.push(`${step.id}: ${commands[0]}`);
      for (const event of step.completionEvents ?? []) {
        const [kind, id] = event.split(':');
        if (kind === 'onCommand') assert.equal(id, commands[0], `step ${step.id} is done when its button is used`);
        else assert.equal(kind, 'onView', event);
      }
      const image = step.media.image;
      assert.ok(image && fs.existsSync(path.join(ext.extensionPath, image)), `step ${step.id}: ${image} is missing`);
      assert.ok(fs.statSync(path.join(ext.extensionPath, image)).size < 80 * 1024, `${image} is small`);
    }
    // Review Changes (agentTasks.reviewChanges) comes with the review feature: until it is merged, it is named here.
    assert.deepEqual(missing, [], 'every button runs a registered command');
  });
});
