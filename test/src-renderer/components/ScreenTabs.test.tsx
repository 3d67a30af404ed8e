import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenTabs } from '../../../src-renderer/components/ScreenTabs';
import { renderCounter } from '../support/render-counter';
import { BackOfficeApp } from '../../../src-renderer/backoffice/components/BackOfficeApp';
import { renderBackOffice } from '../backoffice/stub-backoffice';

const screens = ['sale', 'history', 'settings'] as const;
type Name = (typeof screens)[number];
const names: Record<Name, string> = { sale: 'Sale', history: 'History', settings: 'Settings' };

afterEach(cleanup);

function renderTabs(lockedTo?: Name) {
  const opened: Name[] = [];
  render(
    <ScreenTabs screens={screens} names={names} current="sale" go={(name) => opened.push(name)} lockedTo={lockedTo} />,
  );
  return opened;
}

describe('ScreenTabs', () => {
  it('opens a screen by its button or by Alt and its place in the row, and marks the current one', async () => {
    const opened = renderTabs();
    expect(screen.getByRole('button', { name: /Sale/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: /Settings/ }).getAttribute('aria-keyshortcuts')).toBe('Alt+3');
    await act(async () => void fireEvent.keyDown(window, { key: '2', altKey: true }));
    await act(async () => void fireEvent.keyDown(window, { key: '4', altKey: true }));
    await act(async () => void fireEvent.keyDown(window, { key: '3' }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Settings/ })));
    expect(opened).toEqual(['history', 'settings']);
  });

  it('held on one screen: no shortcut works and only that screen can be pressed', async () => {
    const opened = renderTabs('sale');
    await act(async () => void fireEvent.keyDown(window, { key: '2', altKey: true }));
    expect(opened).toEqual([]);
    expect((screen.getByRole('button', { name: /History/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Sale/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the counter navigation bar', () => {
  it('Alt+0 signs out, and Alt+2 opens History', async () => {
    const counter = await renderCounter();
    await act(async () => void fireEvent.keyDown(window, { key: '2', altKey: true }));
    expect(screen.getByTestId('nav-history').getAttribute('aria-current')).toBe('page');
    await act(async () => void fireEvent.keyDown(window, { key: '0', altKey: true }));
    expect(counter.calls.map(([name]) => name)).toContain('session.signOut');
  });
});

describe('the back office navigation bar', () => {
  it('Alt+4 opens Billing plans and marks it current', async () => {
    await renderBackOffice(<BackOfficeApp token="t" />, {
      'applications.list': () => ({ rows: [], total: 0 }),
    });
    await act(async () => void fireEvent.keyDown(window, { key: '4', altKey: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Billing plans' })).toBeTruthy();
    expect(screen.getByTestId('nav-plans').getAttribute('aria-current')).toBe('page');
  });
});
