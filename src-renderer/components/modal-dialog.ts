import { useEffect, useRef, type RefObject } from 'react';

/**
 * What every modal dialog does with the focus and Escape. The focus goes to `first` when the
 * dialog opens and back where it was when it closes. Escape goes to `onEscape` and stops there,
 * so the screen under the dialog does not act on it too; only the topmost dialog (the last in the
 * document) answers it, so a manager's approval over a refund takes its own Escape. Returns the
 * ref to put on the dialog element.
 */
export function useModalDialog<T extends HTMLElement>(first: RefObject<HTMLElement | null>, onEscape: () => void): RefObject<T | null> {
  const dialog = useRef<T>(null);
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    first.current?.focus();
    return () => before?.focus();
  }, [first]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if (dialogs[dialogs.length - 1] !== dialog.current) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      latest.current();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
  return dialog;
}
