import { usePos, usePosActions } from '../store/use-pos';
import type { TrainingNetworkFault } from '../store/training-slice';
import { scenarios, type Scenario, type ScenarioStep } from './scenarios';
import { TrainingButton, useSaleAmount } from './training-controls';

const networkControls: Record<TrainingNetworkFault, string> = {
  'network-down': 'Take the network down',
  'fail-dns': 'Make DNS fail',
  'network-back': 'Bring the network back',
};

/** Whether the setting a scenario needs is on at this lane (the core's word), and how a manager switches it on. */
function ScenarioNeeds({ needs }: { needs: NonNullable<Scenario['needs']> }) {
  const enabled = usePos((state) => state.offline?.enabled ?? false);
  const go = usePos((state) => state.go);
  if (needs !== 'offline.enabled') return null;
  return enabled ? (
    <p className="scenario-needs" data-testid="scenario-needs" data-ok="true">
      Offline card payments are on at this lane.
    </p>
  ) : (
    <p className="scenario-needs" data-testid="scenario-needs" data-ok="false">
      {
        'Needs offline card payments, which are off at this lane: a manager switches on \u201cOffline card payments\u201d in '
      }
      <button type="button" className="link" onClick={() => go('settings')}>
        Settings
      </button>{' '}
      and restarts Lanepoint. Live lanes keep them off unless the store chooses them.
    </p>
  );
}

function StepControls({ step }: { step: ScenarioStep }) {
  const cards = usePos((state) => state.testCards);
  const amountMinor = useSaleAmount();
  const actions = usePosActions();
  const card = step.card ? cards.find((candidate) => candidate.id === step.card!.id) : undefined;
  return (
    <span className="step-controls">
      {step.control === 'lose-next-answer' ? (
        <TrainingButton onPress={() => void actions.loseNextAnswer()} testId="lose-next-answer">
          Lose the next answer
        </TrainingButton>
      ) : null}
      {step.control && step.control in networkControls ? (
        <TrainingButton
          onPress={() => void actions.trainingNetwork(step.control as TrainingNetworkFault)}
          testId={step.control}
        >
          {networkControls[step.control as TrainingNetworkFault]}
        </TrainingButton>
      ) : null}
      {step.control === 'settle-batches' ? (
        <TrainingButton onPress={() => void actions.settleTrainingBatches()} testId="settle-batches">
          Settle the batch
        </TrainingButton>
      ) : null}
      {card && step.card ? (
        <TrainingButton
          onPress={() => void actions.presentTestCard(card, step.card!.method, amountMinor)}
          testId={`step-${card.id}-${step.card.method}`}
        >
          {step.card.method === 'insert' ? 'Insert' : step.card.method === 'tap' ? 'Tap' : 'Swipe'} {card.label}
        </TrainingButton>
      ) : null}
    </span>
  );
}

/** The scenario guide: pick a scenario, follow its steps, and read what to notice. */
export function ScenarioGuide() {
  const scenarioId = usePos((state) => state.scenarioId);
  const actions = usePosActions();
  const scenario = scenarios.find((candidate) => candidate.id === scenarioId);
  return (
    <section className="scenario-guide" aria-labelledby="scenario-heading">
      <h2 id="scenario-heading">Scenarios</h2>
      <label className="scenario-pick">
        Practise
        <select value={scenarioId ?? ''} onChange={(event) => actions.chooseScenario(event.target.value || null)}>
          <option value="">Pick a scenario…</option>
          {scenarios.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title}
            </option>
          ))}
        </select>
      </label>
      {scenario ? (
        <div className="scenario" data-testid={`scenario-${scenario.id}`}>
          <h3>{scenario.title}</h3>
          {scenario.needs ? <ScenarioNeeds needs={scenario.needs} /> : null}
          <ol>
            {scenario.steps.map((step, index) => (
              <li key={index}>
                {step.text} <StepControls step={step} />
              </li>
            ))}
          </ol>
          <p className="scenario-notice">
            <strong>Notice:</strong> {scenario.notice}
          </p>
        </div>
      ) : (
        <p className="scenario-intro">
          {scenarios.length} scenarios take you through a day at the counter: approvals, declines, cash and split
          tender, surcharges, lost answers, the network going down, voids, refunds, shifts and closing the day. Nothing
          here moves real money.
        </p>
      )}
    </section>
  );
}
