import { useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';

/**
 * What every modal dialog does with the focus and Escape. The focus goes to `first` when the
 * dialog opens and back where it was when it closes. Escape goes to `onEscape` and stops there,
 * so the screen under the dialog does not act on it too; only the topmost dialog (the last in the
 * document) answers it, so a manager's approval over a refund takes its own Escape. Returns the
 * ref to put on the dialog element.
 */
export function useModalDialog<T extends HTMLElement>(
  first: RefObject<HTMLElement | null>,
  onEscape: () => void,
): RefObject<T | null> {
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

/**
 * The attributes that make an element a modal dialog, to spread on its `form` or box: the
 * `dialog` class (with the dialog's own), the role, its heading as its name (`labelledBy`) and
 * what it asks as its description (`describedBy`).
 */
export function modalDialogProps({
  labelledBy,
  describedBy,
  className,
  role = 'dialog',
}: {
  labelledBy: string;
  describedBy?: string;
  className?: string;
  role?: 'dialog' | 'alertdialog';
}) {
  return {
    className: className ? `dialog ${className}` : 'dialog',
    role,
    'aria-modal': true,
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
  } as const;
}

/**
 * A dialog's two answers: the main one submits the form (Enter), the other backs out (Escape).
 * While `busy` the main one is disabled and says so; `holdBackWhileBusy` disables the other too.
 */
export function DialogActions({
  submit,
  back,
  onBack,
  busy = false,
  holdBackWhileBusy = false,
  submitRef,
}: {
  submit: ReactNode;
  back: string;
  onBack: () => void;
  busy?: boolean;
  holdBackWhileBusy?: boolean;
  submitRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="dialog-actions">
      <button ref={submitRef} type="submit" className="primary" disabled={busy} aria-busy={busy}>
        {submit} <kbd>Enter</kbd>
      </button>
      <button type="button" onClick={onBack} disabled={holdBackWhileBusy && busy}>
        {back} <kbd>Esc</kbd>
      </button>
    </div>
  );
}
