/** How long after a refusal the focus may still come back from a closing dialog. */
const dialogCloseMs = 1000;

/**
 * Moves the focus to a field that was refused, so it can be corrected at once. While a manager's
 * approval dialog is still open it waits: the dialog gives the focus back to where it was when
 * it closes, and the refused field takes it from there. Returns what undoes the wait.
 */
export function focusRefused(field: HTMLElement | null | undefined): () => void {
  if (!field) return () => undefined;
  if (!document.querySelector('[role="dialog"]')) {
    field.focus();
    return () => undefined;
  }
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
    stop();
    field.focus();
  };
  const timer = window.setTimeout(() => stop(), dialogCloseMs);
  const stop = () => {
    window.clearTimeout(timer);
    document.removeEventListener('focusin', onFocus);
  };
  document.addEventListener('focusin', onFocus);
  return stop;
}
