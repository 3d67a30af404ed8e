import { useShallow } from 'zustand/react/shallow';
import type { CardSummary, DeviceInfo } from '../../../src-main/lane/ipc/contract';
import { usePos, usePosActions } from '../../store/use-pos';
import { ReceiptPreview } from '../sale/ReceiptPreview';
import '../history/history.css';
import './devices.css';

/** The integrated terminal's entry (setup-integrated-terminal.ts): it reads cards only inside a sale. */
const integratedTerminalId = 'integrated-terminal';

const kindWords: Record<DeviceInfo['kind'], string> = {
  'card-reader': 'Card reader',
  'signature-pad': 'Signature pad',
  printer: 'Receipt printer',
};
const statusWords: Record<DeviceInfo['status'], string> = {
  connected: 'Ready',
  connecting: 'Connecting\u2026',
  disconnected: 'Disconnected',
  error: 'Needs attention',
};
const transportWords: Record<DeviceInfo['transport'], string> = {
  serial: 'serial port',
  hid: 'USB (HID)',
  'keyboard-wedge': 'USB keyboard mode',
  tcp: 'network',
  usb: 'USB',
  emulated: 'emulated',
};
const entryWords: Record<CardSummary['entryMode'], string> = {
  swipe: 'swiped',
  chip: 'chip',
  contactless: 'tapped',
  'fallback-swipe': 'fallback swipe',
  keyed: 'keyed',
};

function CardFacts({ card }: { card: CardSummary }) {
  const facts: Array<[string, string | null]> = [
    ['Card', `${card.network.toUpperCase()} ${card.maskedPan}`],
    ['Entry', entryWords[card.entryMode]],
    ['Name', card.name],
    ['Expiry', card.expiry],
    ['Verification', card.cvm],
    ['Application', card.applicationLabel ? `${card.applicationLabel}${card.aid ? ` (${card.aid})` : ''}` : card.aid],
    ['Encrypted by the reader', card.encrypted ? 'yes' : 'no'],
  ];
  return (
    <dl className="card-facts" data-testid="card-facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function DeviceRow({ device, training }: { device: DeviceInfo; training: boolean }) {
  const test = usePos((state) => state.deviceTests[device.id]);
  const actions = usePosActions();
  const running = test?.state === 'running';
  return (
    <li className={`device-row device-${device.status}`} data-testid={`device-${device.id}`}>
      <div className="device-head">
        <h2>{device.name}</h2>
        <span className="device-state">
          <span className="device-dot" aria-hidden="true" /> {statusWords[device.status]}
        </span>
      </div>
      <p className="device-meta">
        {kindWords[device.kind]}, {transportWords[device.transport]}
        {device.emulated ? ' (training)' : ''}
      </p>
      {device.lastError ? <p className="device-error">Last problem: {device.lastError}</p> : null}
      <div className="device-actions">
        {device.kind === 'printer' ? (
          <>
            <button
              type="button"
              disabled={running}
              onClick={() => void actions.testPrint(device.id, training && device.emulated)}
            >
              Test print
            </button>
            {test?.state === 'failed' ? (
              <>
                <button type="button" onClick={() => void actions.resumePrinter(device.id)}>
                  Paper loaded: resume
                </button>
                <button type="button" className="danger" onClick={() => void actions.discardHeld(device.id)}>
                  Discard held jobs
                </button>
              </>
            ) : null}
          </>
        ) : null}
        {device.kind === 'card-reader' && device.id === integratedTerminalId ? (
          <span className="device-meta">Cards are read on the terminal itself: take a sale to try it.</span>
        ) : device.kind === 'card-reader' ? (
          running ? (
            <button type="button" className="danger" onClick={() => void actions.cancelTestRead(device.id)}>
              Cancel the read
            </button>
          ) : (
            <button type="button" onClick={() => void actions.readTestCard(device.id)}>
              Read a test card
            </button>
          )
        ) : null}
      </div>
      {test ? (
        <div
          className={`device-test device-test-${test.state}`}
          role={test.state === 'failed' ? 'alert' : 'status'}
          aria-busy={running}
        >
          <p>
            {test.what}
            {test.state === 'failed' ? `: ${test.problem}` : ''}
            {running && device.kind === 'card-reader' && training ? ' (use the card deck)' : ''}
          </p>
          {test.state === 'done' && test.card ? <CardFacts card={test.card} /> : null}
          {test.state === 'done' && test.page?.png ? (
            <ReceiptPreview png={test.page.png} caption="what the training printer printed" />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Every configured device, its state and last problem, with a test for each: print a page, read a card. */
export function DevicesScreen() {
  const { devices, training, error } = usePos(
    useShallow((state) => ({
      devices: state.devices,
      training: state.info?.training ?? false,
      error: state.devicesError,
    })),
  );
  return (
    <section className="devices-screen" aria-labelledby="devices-heading">
      <h1 id="devices-heading">Devices</h1>
      {error ? (
        <p className="history-error" role="alert">
          The device list could not be read: {error}
        </p>
      ) : null}
      {devices.length === 0 ? (
        <p>
          No devices are configured. Store IT adds them to settings.json (see the README, &ldquo;Pointing it at real
          hardware&rdquo;).
        </p>
      ) : null}
      <ul className="device-rows">
        {devices.map((device) => (
          <DeviceRow key={device.id} device={device} training={training} />
        ))}
      </ul>
    </section>
  );
}
