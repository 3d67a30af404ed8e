import { useEffect, useRef } from 'react';

/**
 * The keys of a yes-or-no question over the sale screen: focus starts on "No" (the returned ref),
 * so a habitual Enter goes back; Y confirms and Escape goes back. Taken in the capture phase, so
 * the sale screen's own keys (Enter pays, digits) wait while the question is open.
 */
export function useYesNoKeys(onConfirm: () => void, onCancel: () => void) {
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => no.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      if (key !== 'escape' && key !== 'y') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (key === 'y') onConfirm();
      else onCancel();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [onConfirm, onCancel]);
  return no;
}
