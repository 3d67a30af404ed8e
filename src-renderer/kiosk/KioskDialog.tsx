import { useEffect, type ReactNode, type RefObject } from 'react';

/**
 * A question over the whole customer screen: a modal alert dialog with its heading, what it
 * says, and its answers. `initialFocus` (one of the answers) takes the focus when it opens, so a
 * keypad's Enter answers at once.
 */
export function KioskDialog({
  name,
  heading,
  description,
  testId,
  initialFocus,
  children,
}: {
  name: string;
  heading: string;
  description: ReactNode;
  testId: string;
  initialFocus: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  useEffect(() => initialFocus.current?.focus(), [initialFocus]);
  return (
    <div className="kiosk-overlay">
      <div
        className="kiosk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`kiosk-${name}-heading`}
        aria-describedby={`kiosk-${name}-text`}
        data-testid={testId}
      >
        <h2 id={`kiosk-${name}-heading`}>{heading}</h2>
        <div id={`kiosk-${name}-text`}>{description}</div>
        {children}
      </div>
    </div>
  );
}
