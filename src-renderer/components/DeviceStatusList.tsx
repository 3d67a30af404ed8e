import { useShallow } from 'zustand/react/shallow';
import type { DeviceInfo, DeviceStatus } from '../../src-main/lane/ipc/contract';
import { usePos } from '../store/use-pos';

const statusWords: Record<DeviceStatus, string> = {
  connected: 'ready',
  connecting: 'connecting',
  disconnected: 'disconnected',
  error: 'needs attention',
};

function DeviceChip({ device }: { device: DeviceInfo }) {
  const title = device.lastError ? `${device.name}: ${device.lastError}` : device.name;
  return (
    <li className={`device-chip device-${device.status}`} title={title}>
      <span className="device-dot" aria-hidden="true" />
      <span className="device-words">
        {device.name}
        {device.emulated ? ' (emulated)' : ''}: {statusWords[device.status]}
      </span>
    </li>
  );
}

/** Every configured device at a glance; a problem shows its last error on hover. */
export function DeviceStatusList() {
  const { devices, devicesError, connected } = usePos(
    useShallow((state) => ({
      devices: state.devices,
      devicesError: state.devicesError,
      connected: state.connection === 'open',
    })),
  );
  if (!connected) return <span className="device-none">Devices unknown while disconnected</span>;
  if (devicesError) return <span className="device-none">Devices unknown: {devicesError}</span>;
  if (devices.length === 0) return <span className="device-none">No devices configured</span>;
  return (
    <ul className="device-list" aria-label="Devices">
      {devices.map((device) => (
        <DeviceChip key={device.id} device={device} />
      ))}
    </ul>
  );
}
