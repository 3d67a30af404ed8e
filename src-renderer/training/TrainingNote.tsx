import { usePos } from '../store/use-pos';

/** What the trainee's last action at the deck or the terminal did, or was refused for; `idle` before any. */
export function TrainingNote({ idle }: { idle: string }) {
  const note = usePos((state) => state.trainingNote);
  return (
    <p className="training-note" role="status" data-testid="training-note" data-ok={note?.ok ?? true}>
      {note?.text ?? idle}
    </p>
  );
}
