import { useEffect, useRef, type RefObject } from 'react';
import { maxSaleMinor } from '../../../src-main/lane/ipc/cart';

/** True when a key belongs to a field the person is typing in, not to the screen. */
export const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The keys of a panel over the sale screen (cash, split): taken in the capture phase while the
 * panel is the topmost dialog, so the sale screen's own keys (Enter pays, digits key the sale)
 * wait, and a manager's approval on top keeps its own. `onKey` says whether it took the key.
 */
export function usePanelKeys(panel: RefObject<HTMLElement | null>, onKey: (event: KeyboardEvent) => boolean) {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if (dialogs[dialogs.length - 1] !== panel.current) return;
      if (!latest.current(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('keydown', listener, { capture: true });
    return () => window.removeEventListener('keydown', listener, { capture: true });
  }, [panel]);
}

/** An amount keyed as the amount keypad keys it: digits push in from the right, Backspace takes the last off. */
export function keyedAmount(digits: string, key: string): string | null {
  if (key === 'Backspace') return digits.slice(0, -1);
  if (!/^\d$/.test(key)) return null;
  const next = (digits + key).replace(/^0+/, '');
  return Number(next) > maxSaleMinor ? digits : next;
}
