import type { SettingsView } from '../../../src-main/lane/ipc/contract';
import { DeviceListForm, type DeviceListName } from './DeviceListForm';
import { choiceLabel, type SettingField } from './fields';
import { Alert } from '../../components/Alert';

/** What is said under a setting beside its hint: where its value comes from, when it applies, what a change means. */
function notesOf(
  field: SettingField,
  view: SettingsView,
  value: string | boolean,
  changed: boolean,
): Array<{ text: string; tone: 'note' | 'warn' }> {
  const notes: Array<{ text: string; tone: 'note' | 'warn' }> = [];
  if (changed) notes.push({ text: 'Not saved yet.', tone: 'warn' });
  const variable = view.overridden[field.name];
  if (variable) notes.push({ text: `Set by ${variable}: saving changes the file only.`, tone: 'note' });
  if (view.restartNeeded.includes(field.name))
    notes.push({ text: 'Takes effect when Lanepoint restarts.', tone: 'note' });
  if (field.name === 'training' && view.values.training === true && value === false) {
    notes.push({
      text: 'Leaving training means real cards and real money: sales go to the live gateway.',
      tone: 'warn',
    });
  }
  return notes;
}

/**
 * One setting as the manager edits it: its label, the control its kind calls for, a hint, and
 * the refusal that names it. `value` is the form's (money as dollars, numbers as text).
 */
export function SettingRow({
  field,
  view,
  value,
  changed,
  refusal,
  onEdit,
}: {
  field: SettingField;
  view: SettingsView;
  value: string | boolean;
  changed: boolean;
  refusal: string | null;
  onEdit: (value: string | boolean) => void;
}) {
  const notes = notesOf(field, view, value, changed);
  const describedBy = [
    `${field.name}-hint`,
    notes.length > 0 ? `${field.name}-notes` : '',
    refusal ? `${field.name}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id: field.name,
    name: field.name,
    'aria-describedby': describedBy,
    'aria-invalid': refusal !== null,
  };
  let control;
  if (field.input === 'boolean') {
    control = (
      <input {...common} type="checkbox" checked={value === true} onChange={(event) => onEdit(event.target.checked)} />
    );
  } else if (field.input === 'choice') {
    control = (
      <select {...common} value={String(value)} onChange={(event) => onEdit(event.target.value)}>
        {(view.choices[field.name] ?? [String(value)]).map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
    );
  } else if (field.input === 'json') {
    control = (
      <DeviceListForm
        list={field.name as DeviceListName}
        label={field.label}
        text={String(value)}
        describedBy={describedBy}
        onEdit={onEdit}
      />
    );
  } else if (field.input === 'integer') {
    control = (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        step={1}
        min={field.min}
        max={field.max}
        value={String(value)}
        onChange={(event) => onEdit(event.target.value)}
      />
    );
  } else if (field.input === 'money') {
    control = (
      <span className="setting-money">
        <span aria-hidden="true">$</span>
        <input
          {...common}
          inputMode="decimal"
          autoComplete="off"
          value={String(value)}
          onChange={(event) => onEdit(event.target.value)}
        />
      </span>
    );
  } else {
    control = (
      <input
        {...common}
        autoComplete="off"
        spellCheck={false}
        value={String(value)}
        onChange={(event) => onEdit(event.target.value)}
      />
    );
  }
  return (
    <div className={`setting setting-${field.input}${changed ? ' setting-changed' : ''}`}>
      {field.input === 'json' ? (
        <h3 className="setting-list-heading">{field.label}</h3>
      ) : (
        <label htmlFor={field.name}>{field.label}</label>
      )}
      {control}
      <p id={`${field.name}-hint`} className="setting-hint">
        {field.hint}
      </p>
      {notes.length > 0 ? (
        <ul id={`${field.name}-notes`} className="setting-notes">
          {notes.map((note) => (
            <li key={note.text} className={`setting-note-${note.tone}`}>
              {note.text}
            </li>
          ))}
        </ul>
      ) : null}
      <Alert message={refusal} id={`${field.name}-error`} className="setting-error" />
    </div>
  );
}
