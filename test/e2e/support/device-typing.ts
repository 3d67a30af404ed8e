import type { Page } from 'playwright-core';

/**
 * Types text as a keyboard-mode device (a card reader, a barcode scanner) does: every character,
 * then Enter unless told not to, `gapMs` apart by the keyboard's own time stamps (as its USB
 * reports carry them). Sent through the DevTools protocol in one go, so a busy test machine
 * cannot stretch the burst the way typing key by key, each waiting for the page, would.
 *
 * The stamps end when the burst is sent, as a real keyboard's do: a key reaches the browser
 * after it was pressed, never before. (Stamps that ran ahead of the sending, as they did when
 * the first key was stamped "now", are in the page's future whenever the protocol delivers
 * faster than `gapMs` a key, as it does on a quiet machine; the page then times those keys
 * by their arrival, and one pause in the browser cut the burst in two.)
 */
export async function typeAsDevice(
  page: Page,
  text: string,
  options: { gapMs: number; enter?: boolean },
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const keys = [...text].map((key) => ({ key, text: key, ...keyCodes(key) }));
  const enter = options.enter === false ? [] : [{ key: 'Enter', text: '\r', code: 'Enter', keyCode: 13 }];
  const typed = [...keys, ...enter];
  const start = Date.now() / 1000 - ((typed.length - 1) * options.gapMs) / 1000;
  const sent = typed.flatMap(({ key, text: character, code, keyCode }, index) => {
    const common = { key, code, windowsVirtualKeyCode: keyCode, timestamp: start + (index * options.gapMs) / 1000 };
    return [
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: character, ...common }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common }),
    ];
  });
  await Promise.all(sent);
  await cdp.detach();
}

/** The physical key of a letter or digit; other characters (a sentinel, "^") name none. */
function keyCodes(key: string): { code: string; keyCode: number } {
  if (/^\d$/.test(key)) return { code: `Digit${key}`, keyCode: key.charCodeAt(0) };
  if (/^[a-z]$/i.test(key)) return { code: `Key${key.toUpperCase()}`, keyCode: key.toUpperCase().charCodeAt(0) };
  return { code: '', keyCode: 0 };
}
