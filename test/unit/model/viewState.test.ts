// The view state: every change of what the user chose to see reaches its listeners as one event saying what changed.
import assert from 'node:assert/strict';
import { Emitter } from '../../../src/shared/emitter';
import { ViewState, type FilterPart, type ViewChange } from '../../../src/model/viewState';

function rig() {
  const filterChanged = new Emitter<void>();
  const grouping = { byRepository: false, changed: new Emitter<void>() };
  const drafts = { value: undefined as string | undefined, changed: new Emitter<void>() };
  const state = new ViewState<string>(
    { onDidChange: filterChanged.event } as unknown as FilterPart,
    {
      get byRepository() {
        return grouping.byRepository;
      },
      onDidChange: grouping.changed.event,
    },
    { get: () => drafts.value, onDidChange: drafts.changed.event },
  );
  const heard: ViewChange[] = [];
  state.onDidChange(c => heard.push(c));
  return { state, filterChanged, grouping, drafts, heard };
}

describe('model/ViewState', () => {
  it('one change of a filter, the grouping or the draft is one event that says which', () => {
    const { state, filterChanged, grouping, drafts, heard } = rig();
    filterChanged.fire();
    grouping.byRepository = true;
    grouping.changed.fire();
    drafts.value = 'Fix the bug';
    drafts.changed.fire();
    assert.deepEqual(heard, [{ kind: 'filter' }, { kind: 'grouping' }, { kind: 'draft' }]);
    assert.equal(state.groupedByRepo, true);
    assert.equal(state.draft(), 'Fix the bug');
  });

  it('keeps which views are on screen and which tasks are expanded, told once per change', () => {
    const { state, heard } = rig();
    state.setVisible({ repo: true, mine: false });
    state.setVisible({ repo: true, mine: false });
    assert.ok(state.visible('repo') && !state.visible('mine'));
    state.setExpanded('mine', 't1', true);
    state.setExpanded('mine', 't1', true);
    assert.ok(state.expanded('t1') && state.expanded('t1', 'mine') && !state.expanded('t1', 'repo'));
    state.setExpanded('mine', 't1', false);
    assert.ok(!state.expanded('t1'));
    assert.deepEqual(heard, [
      { kind: 'visibility' },
      { kind: 'expanded', view: 'mine', id: 't1', on: true },
      { kind: 'expanded', view: 'mine', id: 't1', on: false },
    ]);
  });
});
