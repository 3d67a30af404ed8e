import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '../../../src-renderer/components/deferred';

/** A screen with its own state, to tell a remount (the count back to 0) from a re-render. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A deferred Counter whose code arrives when the test says so. */
function heldBack() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let loads = 0;
  const Screen = deferred(async () => {
    loads += 1;
    await arrived;
    return Counter;
  });
  return { Screen, arrive, loads: () => loads };
}

afterEach(cleanup);

describe('deferred', () => {
  it('shows nothing until its code arrives, then the component', async () => {
    const { Screen, arrive } = heldBack();
    render(<Screen label="Sales" />);
    expect(screen.queryByRole('button')).toBeNull();
    await act(async () => arrive());
    expect(screen.getByRole('button').textContent).toBe('Sales 0');
  });

  it('renders at once, without suspending, once preloaded; the code is fetched once', async () => {
    const { Screen, arrive, loads } = heldBack();
    arrive();
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(<Screen label="Sales" />);
    expect(screen.getByRole('button').textContent).toBe('Sales 0');
    expect(loads()).toBe(1);
  });

  it('keeps the state of a screen in use when its parent renders again after the code arrived', async () => {
    const { Screen, arrive } = heldBack();
    const view = render(<Screen label="Sales" />);
    await act(async () => arrive());
    await act(async () => void fireEvent.click(screen.getByRole('button')));
    view.rerender(<Screen label="Sales!" />);
    expect(screen.getByRole('button').textContent).toBe('Sales! 1');
  });

  it('tries the fetch again after one failed', async () => {
    let attempts = 0;
    const Screen = deferred(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the host restarted');
      return Counter;
    });
    await expect(Screen.preload()).rejects.toThrow('the host restarted');
    await Screen.preload();
    render(<Screen label="Sales" />);
    expect(screen.getByRole('button').textContent).toBe('Sales 0');
  });
});
