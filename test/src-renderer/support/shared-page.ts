import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The renderer files share one jsdom page per worker (isolate: false in vitest.config.ts), as a
// browser tab outlives the screens shown in it. After every test the page is put back as a fresh
// one would be, whatever the test left: React unmounted, the page's own head and body (empty, no
// attributes) even where a test replaced the whole document, nothing in storage, the address
// back at the root, real timers. The page's own body, not a new one: Testing Library's `screen`
// holds the body there was when it loaded.
interface FirstPage {
  readonly head: HTMLHeadElement;
  readonly body: HTMLElement;
}
const holder = globalThis as typeof globalThis & { lanepointFirstPage?: FirstPage };
const page = (holder.lanepointFirstPage ??= { head: document.head, body: document.body });

function emptied(element: Element): void {
  element.replaceChildren();
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}

afterEach(() => {
  cleanup();
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  root.replaceChildren(page.head, page.body);
  emptied(page.head);
  emptied(page.body);
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});
