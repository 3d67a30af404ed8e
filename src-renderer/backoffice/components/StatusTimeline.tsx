import { timelineSteps } from '../timeline';

const stateWords = { done: 'reached', current: 'now', upcoming: 'not yet', ended: 'ended here' } as const;

/** The application's boarding statuses as a row of steps, the current one marked, times under the reached ones. */
export function StatusTimeline({
  current,
  reachedAt,
}: {
  current: string;
  reachedAt: Readonly<Record<string, string>>;
}) {
  const steps = timelineSteps(current, reachedAt);
  return (
    <ol className="timeline" aria-label="Boarding status">
      {steps.map((step) => (
        <li
          key={step.status}
          className={`timeline-step step-${step.state}`}
          aria-current={step.state === 'current' || step.state === 'ended' ? 'step' : undefined}
          data-status={step.status}
        >
          <span className="timeline-dot" aria-hidden="true" />
          <span className="timeline-label">{step.label}</span>
          <span className="visually-hidden">, {stateWords[step.state]}</span>
          <span className="timeline-code">{step.status}</span>
          {step.at ? <span className="timeline-at">{step.at}</span> : null}
        </li>
      ))}
    </ol>
  );
}
