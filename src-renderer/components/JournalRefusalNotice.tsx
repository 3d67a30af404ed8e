import { useShallow } from 'zustand/react/shallow';
import { usePos } from '../store/use-pos';

/**
 * On every screen while the lane refuses to sell because of its journal: the main process's
 * sentence (which file, what happened, what to do), and for a signed-in manager the button that
 * acknowledges it. A cashier is told to fetch a manager.
 */
export function JournalRefusalNotice() {
  const { refusal, manager, error, acknowledge } = usePos(
    useShallow((state) => ({
      refusal: state.journalRefusal,
      manager: state.staff?.role === 'manager',
      error: state.journalAcknowledgeError,
      acknowledge: state.acknowledgeJournal,
    })),
  );
  if (!refusal) return null;
  return (
    <section className="journal-refusal" role="alert" data-testid="journal-refusal">
      <h2>This lane cannot take payments</h2>
      <p>{refusal.message}</p>
      {refusal.acknowledgeable ? (
        manager ? (
          <button type="button" onClick={() => void acknowledge()}>
            {refusal.cause === 'replaced' || refusal.cause === 'behind'
              ? 'Acknowledge and use this journal'
              : 'Acknowledge and start a new journal'}
          </button>
        ) : (
          <p>Ask a manager to sign in here and acknowledge it.</p>
        )
      ) : null}
      {error ? <p className="journal-refusal-error">{error}</p> : null}
    </section>
  );
}
