import { useState } from 'react';

/** Which device list: card readers, signature pads or receipt printers (their names in settings.json). */
export type DeviceListName = 'devices' | 'signaturePads' | 'printers';
type Entry = Record<string, unknown>;
type Link = 'serial' | 'hid' | 'tcp' | 'deviceFile' | 'none';

/** Each way a device connects, in words, and the link it needs (settings.json's shapes, README "Settings"). */
const connections: Record<DeviceListName, ReadonlyArray<{ value: string; words: string; link: Link }>> = {
  devices: [
    { value: 'keyboard', words: 'Types like a keyboard', link: 'none' },
    { value: 'idtech-hid', words: 'ID TECH over USB', link: 'hid' },
    { value: 'magtek-hid', words: 'MagTek swipe over USB', link: 'hid' },
    { value: 'hid-pos-msr', words: 'Standard USB card swipe', link: 'hid' },
    { value: 'vivotech2', words: 'ID TECH NEO chip reader (serial)', link: 'serial' },
    { value: 'pae', words: 'Unattended payment device (serial)', link: 'serial' },
    { value: 'emulated', words: 'Training reader', link: 'none' },
  ],
  signaturePads: [
    { value: 'hid-digitizer', words: 'USB pen pad', link: 'hid' },
    { value: 'isdv4', words: 'Wacom serial pen pad', link: 'serial' },
    { value: 'emulated', words: 'Training pad', link: 'none' },
  ],
  printers: [
    { value: 'tcp', words: 'Network printer', link: 'tcp' },
    { value: 'serial', words: 'Serial port printer', link: 'serial' },
    { value: 'deviceFile', words: 'USB printer (device file)', link: 'deviceFile' },
    { value: 'emulated', words: 'Training printer', link: 'none' },
  ],
};

/** A printer says its connection by which key it has; readers and pads by `protocol`. */
const connectionOf = (list: DeviceListName, entry: Entry) =>
  list === 'printers'
    ? (['tcp', 'serial', 'deviceFile', 'emulated'].find((key) => key in entry) ?? 'tcp')
    : String(entry.protocol ?? '');

/** The entry with its connection changed: the old link's fields go, the id and name stay. */
function withConnection(list: DeviceListName, entry: Entry, value: string): Entry {
  const { id, name } = entry;
  const kept: Entry = { id, ...(name !== undefined ? { name } : {}) };
  if (list === 'printers')
    return {
      ...kept,
      [value]: value === 'tcp' ? { host: '' } : value === 'serial' ? { path: '' } : value === 'deviceFile' ? '' : true,
    };
  const link = connections[list].find((choice) => choice.value === value)?.link;
  return {
    ...kept,
    protocol: value,
    ...(link === 'serial' ? { serial: { path: '' } } : link === 'hid' ? { hid: { vendorId: '', productId: '' } } : {}),
  };
}

const parse = (text: string): Entry[] | null => {
  try {
    const parsed: unknown = JSON.parse(text.trim() === '' ? '[]' : text);
    return Array.isArray(parsed) &&
      parsed.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry))
      ? (parsed as Entry[])
      : null;
  } catch {
    return null;
  }
};

/**
 * A device list edited as a form, one box per device: its id, how it connects (in words), and
 * that connection's fields. The same list as settings.json text stays a click away for IT.
 */
export function DeviceListForm({
  list,
  label,
  text,
  describedBy,
  onEdit,
}: {
  list: DeviceListName;
  label: string;
  text: string;
  describedBy: string;
  onEdit: (text: string) => void;
}) {
  const entries = parse(text);
  const [showJson, setShowJson] = useState(entries === null);
  const save = (next: Entry[]) => onEdit(JSON.stringify(next, null, 2));
  const change = (index: number, entry: Entry) =>
    entries && save(entries.map((old, at) => (at === index ? entry : old)));
  const field = (index: number, words: string, value: unknown, set: (value: string) => Entry) => (
    <label>
      {words}
      <input
        autoComplete="off"
        spellCheck={false}
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
        onChange={(event) => change(index, set(event.target.value))}
      />
    </label>
  );
  return (
    <div className="device-list-form" role="group" aria-label={label} aria-describedby={describedBy}>
      {entries === null ? (
        <p className="setting-error">This list cannot be shown as a form: IT can fix it in the JSON view below.</p>
      ) : null}
      {entries?.map((entry, index) => {
        const connection = connectionOf(list, entry);
        const link = connections[list].find((choice) => choice.value === connection)?.link ?? 'none';
        const sub = (key: string) =>
          typeof entry[key] === 'object' && entry[key] !== null ? (entry[key] as Entry) : {};
        const setSub = (key: string, part: string) => (value: string) => ({
          ...entry,
          [key]: { ...sub(key), [part]: part === 'port' && /^\d+$/.test(value) ? Number(value) : value },
        });
        return (
          <fieldset key={index} className="device-entry" data-testid={`${list}-${index}`}>
            <legend>
              {label.replace(/s$/, '')} {index + 1}
            </legend>
            {field(index, 'Id', entry.id, (value) => ({ ...entry, id: value }))}
            <label>
              Connection
              <select
                value={connection}
                onChange={(event) => change(index, withConnection(list, entry, event.target.value))}
              >
                {connections[list].map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.words}
                  </option>
                ))}
              </select>
            </label>
            {link === 'serial'
              ? field(index, 'Serial port (e.g. /dev/ttyUSB0 or COM3)', sub('serial').path, setSub('serial', 'path'))
              : null}
            {link === 'hid'
              ? field(index, 'USB vendor id (hex)', sub('hid').vendorId, setSub('hid', 'vendorId'))
              : null}
            {link === 'hid'
              ? field(index, 'USB product id (hex)', sub('hid').productId, setSub('hid', 'productId'))
              : null}
            {link === 'tcp' ? field(index, 'Printer address', sub('tcp').host, setSub('tcp', 'host')) : null}
            {link === 'tcp' ? field(index, 'Port', sub('tcp').port ?? 9100, setSub('tcp', 'port')) : null}
            {link === 'deviceFile'
              ? field(index, 'Device file (e.g. /dev/usb/lp0)', entry.deviceFile, (value) => ({
                  ...entry,
                  deviceFile: value,
                }))
              : null}
            <button type="button" className="danger" onClick={() => save(entries.filter((_, at) => at !== index))}>
              Remove
            </button>
          </fieldset>
        );
      })}
      <div className="settings-actions">
        {entries ? (
          <button
            type="button"
            onClick={() =>
              save([
                ...entries,
                withConnection(
                  list,
                  {
                    id: `${list === 'devices' ? 'reader' : list === 'printers' ? 'printer' : 'pad'}-${entries.length + 1}`,
                  },
                  connections[list][0]!.value,
                ),
              ])
            }
          >
            Add
          </button>
        ) : null}
        <button type="button" aria-expanded={showJson} onClick={() => setShowJson((shown) => !shown)}>
          JSON (for IT)
        </button>
      </div>
      {showJson ? (
        <textarea
          className="setting-json"
          aria-label={`${label} as JSON`}
          rows={5}
          spellCheck={false}
          value={text}
          onChange={(event) => onEdit(event.target.value)}
        />
      ) : null}
    </div>
  );
}
