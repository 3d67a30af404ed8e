import { useRef, useState, type FormEvent } from 'react';
import { DialogActions, modalDialogProps, useModalDialog } from './modal-dialog';
import { Alert } from './Alert';
import { DigitsInput } from './DigitsInput';

/**
 * Asks for a manager's PIN for one action, then runs it with the PIN. Enter approves, Escape
 * cancels; the focus goes into the PIN field and back where it was when the dialog closes.
 * `approve` resolves with null when done, or the refusal to show (a wrong PIN, say).
 */
export function ManagerApproval({
  action,
  approve,
  onClose,
}: {
  action: string;
  approve: (managerPin: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const dialog = useModalDialog<HTMLFormElement>(field, onClose);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) return setProblem('A manager PIN is 4 to 8 digits.');
    setBusy(true);
    const refusal = await approve(pin);
    setBusy(false);
    if (refusal === null) return onClose();
    setProblem(refusal);
    setPin('');
    field.current?.focus();
  };
  return (
    <div className="dialog-backdrop">
      <form
        ref={dialog}
        {...modalDialogProps({ labelledBy: 'approval-heading', describedBy: 'approval-what' })}
        onSubmit={(event) => void submit(event)}
      >
        <h2 id="approval-heading">Manager approval</h2>
        <p id="approval-what">{action}: a manager enters their PIN.</p>
        <label htmlFor="manager-pin">Manager PIN</label>
        <DigitsInput
          id="manager-pin"
          ref={field}
          type="password"
          autoComplete="off"
          value={pin}
          onDigits={setPin}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'approval-problem' : undefined}
        />
        <Alert message={problem} id="approval-problem" className="dialog-problem" />
        <DialogActions submit={busy ? 'Checking\u2026' : 'Approve'} back="Cancel" onBack={onClose} busy={busy} />
      </form>
    </div>
  );
}
