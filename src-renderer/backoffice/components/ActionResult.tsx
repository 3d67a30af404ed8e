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
