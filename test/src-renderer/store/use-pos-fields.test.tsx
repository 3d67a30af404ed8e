import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPosStore } from '../../../src-renderer/store/pos-store';
import { PosStoreContext, usePosFields } from '../../../src-renderer/store/use-pos';
import { stubPos } from '../support/stub-pos';
import { trainee, trainingCounter } from '../support/render-counter';

describe('usePosFields', () => {
  it('gives the picked fields under the screen names and re-renders only when one of them changes', () => {
    const store = createPosStore(stubPos({ info: trainingCounter, session: trainee }).pos);
    let renders = 0;
    function Picker() {
      renders += 1;
      const { busy, problem } = usePosFields({ busy: 'historyBusy', problem: 'historyError' });
      return <p>{`${String(busy)} ${problem ?? 'none'}`}</p>;
    }
    const view = render(
      <PosStoreContext.Provider value={store}>
        <Picker />
      </PosStoreContext.Provider>,
    );
    expect(view.container.textContent).toBe('false none');
    const before = renders;
    act(() => store.setState({ historyRows: [] }));
    expect(renders).toBe(before);
    act(() => store.setState({ historyError: 'No order 42 in the journal' }));
    expect(view.container.textContent).toBe('false No order 42 in the journal');
    expect(renders).toBe(before + 1);
  });
});
