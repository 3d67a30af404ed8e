import type { Action } from '../use-action';

/** Under a button: why the main side refused it (an alert), or what it did. */
export function ActionResult({ action, id }: { action: Action; id?: string }) {
  if (action.error)
    return (
      <p className="bo-error" role="alert" id={id}>
        {action.error}
      </p>
    );
  return (
    <p className="bo-ok" role="status" id={id}>
      {action.done ?? ''}
    </p>
  );
}

/** A form's submit button, kept from a second press while its action runs, and what the action answered. */
export function SubmitRow({
  label,
  action,
  primary = false,
  disabled = false,
}: {
  label: string;
  action: Action;
  primary?: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <div className="bo-actions">
        <button type="submit" className={primary ? 'primary' : undefined} disabled={disabled || action.busy}>
          {label}
        </button>
      </div>
      <ActionResult action={action} />
    </>
  );
}
