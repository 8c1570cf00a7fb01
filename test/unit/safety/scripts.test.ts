// Names that look alike but differ: `acme/rocket` and `acme/rоcket` (its `о` Cyrillic). A name whose letters mix
// scripts as no language does is shown with its repository's ID and said to mix scripts, wherever a name shows.
import * as assert from 'node:assert/strict';
import { canAdd } from '../../../src/installations/policy';
import { repoNameShown, RepoNames } from '../../../src/model/repoNames';
import { mixedScripts } from '../../../src/safety/scripts';
import { account, installation, repository } from '../installations/builders';

const LATIN = 'acme/rocket';
const LOOK_ALIKE = 'acme/r\u043Ecket'; // Cyrillic о

describe('safety/scripts: names that mix scripts', () => {
  it('finds a Cyrillic or Greek letter among Latin ones, in the owner or the name', () => {
    assert.notEqual(LATIN, LOOK_ALIKE);
    assert.deepEqual(mixedScripts(LOOK_ALIKE), ['Latin', 'Cyrillic']);
    assert.deepEqual(mixedScripts('\u0430cme/rocket'), ['Cyrillic', 'Latin']);
    assert.deepEqual(mixedScripts('acme/r\u03BFcket'), ['Latin', 'Greek']);
    assert.deepEqual(mixedScripts('\u0430\u0441\u043C\u0435/rocket'), ['Cyrillic', 'Latin'], 'a whole part of another');
  });

  it('lets a name of one script be, and the mixes languages write (Japanese, Chinese, Korean with Latin)', () => {
    for (const name of [
      LATIN,
      'acme/rocket-2_0.js',
      'über/café-naïve',
      'компания/ракета',
      'εταιρεία/πύραυλος',
      'شركة/صاروخ',
      'acme/ロケット計画',
      'acme/火箭',
      'acme/로켓',
      'acme/ㄏㄨㄛ火箭',
      'acme/e\u0301t\u00E9', // a combining accent belongs to the letter it is on
      '',
    ])
      assert.equal(mixedScripts(name), undefined, name);
    assert.ok(mixedScripts('acme/ロケット로켓'), 'Japanese kana with Hangul is no language');
  });

  it('shows the look-alike with its ID, and the name of one script as it is', () => {
    assert.deepEqual(repoNameShown(LATIN, 5001), { label: LATIN });
    const shown = repoNameShown(LOOK_ALIKE, 5002);
    assert.equal(shown.label, `${LOOK_ALIKE} (mixed scripts, repository 5002)`);
    assert.match(shown.note ?? '', /mix scripts \(Latin, Cyrillic\).*5002/);
  });

  it('the names cache tells the two repositories apart in what every surface shows', () => {
    const names = new RepoNames();
    names.learn(5001, LATIN, 'list');
    names.learn(5002, LOOK_ALIKE, 'list');
    const a = names.shown(5001)?.label ?? '';
    const b = names.shown(5002)?.label ?? '';
    assert.equal(a, LATIN);
    assert.match(b, /mixed scripts, repository 5002/);
    // With every letter folded to the Latin one it looks like, they still read differently.
    const looks = (s: string) => s.replace(/\u043E/g, 'o');
    assert.notEqual(looks(a), looks(b));
    assert.equal(names.name(5002), LOOK_ALIKE, 'the name itself is kept as the service spelled it');
  });

  it("the Installations view's sentences name the look-alike with its ID too", () => {
    const acme = account('acme', 900);
    const inst = installation(71, acme, { repository_selection: 'selected' });
    const said = (v: ReturnType<typeof canAdd>) => (v.allowed ? '' : v.message);
    assert.match(
      said(canAdd(inst, repository(5002, acme, 'r\u043Ecket', 'write'), [])),
      /^Adding acme\/r\u043Ecket \u2060\(mixed scripts, repository 5002\) needs admin/,
    );
    assert.match(said(canAdd(inst, repository(5001, acme, 'rocket', 'write'), [])), /^Adding acme\/rocket needs/);
  });
});
