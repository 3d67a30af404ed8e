import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The renderer files share one jsdom page (vitest.config.ts); support/shared-page.ts puts it back
// after each test. The first test leaves everything a screen test can leave behind; the second
// finds a fresh page, and Testing Library still reading the body it renders into.
describe('the shared renderer page', () => {
  it('is left dirty by a test', () => {
    render(<p>left mounted</p>);
    document.documentElement.innerHTML = '<head><title>replaced</title></head><body class="kiosk"><p>stale</p></body>';
    document.documentElement.setAttribute('lang', 'fr');
    window.localStorage.setItem('left', '1');
    window.sessionStorage.setItem('left', '1');
    window.history.replaceState(null, '', '/kiosk?token=abc#x');
    vi.useFakeTimers();
  });

  it('is fresh for the next test, with screen reading the body render uses', () => {
    expect(document.title).toBe('');
    expect(document.body.childElementCount).toBe(0);
    expect(document.body.getAttributeNames()).toEqual([]);
    expect(document.documentElement.getAttributeNames()).toEqual([]);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/');
    expect(vi.isFakeTimers()).toBe(false);
    render(<p>a fresh screen</p>);
    expect(screen.getByText('a fresh screen')).toBeTruthy();
    expect(screen.queryByText('stale')).toBeNull();
  });
});
