import { useShallow } from 'zustand/react/shallow';
import { usePos } from '../store/use-pos';
import { DeviceStatusList } from './DeviceStatusList';
import { RecoveryQueueNotice } from './RecoveryQueueNotice';
import { HubStatus } from './HubStatus';

const connectionWords = {
  connecting: 'Connecting to terminal\u2026',
  open: 'Terminal connected',
  closed: 'Terminal not reachable; retrying',
} as const;

/** The bottom line of every screen: which terminal, which mode, training or not, devices. */
export function StatusBar() {
  const { info, connection } = usePos(useShallow((state) => ({ info: state.info, connection: state.connection })));
  return (
    <footer className="status-bar" aria-label="Status bar">
      <span className="status-mode" data-testid="mode">
        {info ? (info.mode === 'kiosk' ? 'Kiosk' : 'Counter') : '\u2026'}
      </span>
      {info?.training ? (
        <span className="training-stamp" data-testid="training-stamp">
          TRAINING
        </span>
      ) : null}
      {info ? <span className="status-terminal">Terminal {info.terminalId}</span> : null}
      <DeviceStatusList />
      <RecoveryQueueNotice />
      <HubStatus />
      <span className={`status-connection connection-${connection}`} role="status">
        {connectionWords[connection]}
      </span>
      {info ? <span className="status-version">v{info.version}</span> : null}
    </footer>
  );
}
