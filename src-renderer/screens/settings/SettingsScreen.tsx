import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EditableSetting, SettingValue } from '../../../src-main/ipc/contract';
import { formatMoney, parseMoney } from '../../format/money';
import { PosCallError } from '../../pos/call-error';
import { usePos } from '../../store/use-pos';
import type { AskManager } from '../history/OrderDetail';
import { CredentialsForm } from './CredentialsForm';
import { settingGroups, type SettingField } from './fields';
import '../history/history.css';
import './settings.css';

type Draft = Partial<Record<EditableSetting, string | boolean>>;

/** A saved value as the form edits it: money as dollars, numbers as text. */
function shown(field: SettingField, value: SettingValue): string | boolean {
  if (field.input === 'boolean') return value === true;
  if (field.input === 'money') return formatMoney(Number(value)).replace('$', '');
  return String(value);
}

/** The form's value back as the setting's: a refusal names what could not be read. */
function parsed(field: SettingField, value: string | boolean): SettingValue | string {
  if (field.input === 'boolean') return value === true;
  if (field.input === 'integer') return /^\d+$/.test(String(value)) ? Number(value) : `${field.label}: a whole number`;
  if (field.input === 'money') return parseMoney(String(value)) ?? `${field.label}: an amount such as 50.00`;
  return String(value).trim();
}

/**
 * The lane's settings, as a manager changes them: each change checked by the main process and
 * refused naming the setting; what waits for a restart, or is set by the environment, said so.
 * Enter saves, Escape puts back what is saved.
 */
export function SettingsScreen({ askManager }: { askManager: AskManager }) {
  const { view, busy, error, saved } = usePos(useShallow((state) => ({ view: state.settingsView, busy: state.settingsBusy, error: state.settingsError, saved: state.settingsSaved })));
  const load = usePos((state) => state.loadSettings);
  const save = usePos((state) => state.saveSettings);
  const [draft, setDraft] = useState<Draft>({});
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    void load();
  }, [load]);
  const fieldError = problem ?? (error?.field ? { field: error.field, message: error.message } : null);
  const invalidField = fieldError?.field ?? null;
  // A refused setting gets the focus, so it can be corrected at once.
  useEffect(() => {
    if (invalidField) formRef.current?.querySelector<HTMLElement>(`[name="${invalidField}"]`)?.focus();
  }, [invalidField, error, problem]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"]')) return;
      setDraft({});
      setProblem(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!view) return <section className="settings-screen" aria-busy="true"><h1>Settings</h1><p role="status">{error?.message ?? 'Reading the settings\u2026'}</p></section>;

  const fields = settingGroups.flatMap((group) => group.fields);
  const changed = fields.filter((field) => draft[field.name] !== undefined && draft[field.name] !== shown(field, view.values[field.name]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Partial<Record<EditableSetting, SettingValue>> = {};
    for (const field of changed) {
      const value = parsed(field, draft[field.name]!);
      if (typeof value === 'string' && (field.input === 'integer' || field.input === 'money')) return setProblem({ field: field.name, message: value });
      changes[field.name] = value;
    }
    setProblem(null);
    if (changed.length === 0) return;
    const done = (ok: boolean) => {
      if (ok) setDraft({});
    };
    void save(changes)
      .then(done)
      .catch((refusal: unknown) => {
        if (refusal instanceof PosCallError && refusal.code === 'forbidden') askManager('Change the settings', (managerPin) => save(changes, managerPin).then(done));
      });
  };

  return (
    <section className="settings-screen" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      <form ref={formRef} onSubmit={submit} className="settings-form" noValidate>
        {settingGroups.map((group) => (
          <fieldset key={group.title}>
            <legend>{group.title}</legend>
            {group.fields.map((field) => {
              const value = draft[field.name] ?? shown(field, view.values[field.name]);
              const invalid = fieldError?.field === field.name;
              const describedBy = [`${field.name}-hint`, invalid ? `${field.name}-error` : ''].filter(Boolean).join(' ');
              const edit = (next: string | boolean) => setDraft((current) => ({ ...current, [field.name]: next }));
              const choices = view.choices[field.name] ?? [];
              return (
                <div key={field.name} className={`setting${changed.includes(field) ? ' setting-changed' : ''}`}>
                  <label htmlFor={field.name}>{field.label}</label>
                  {field.input === 'boolean' ? (
                    <input id={field.name} name={field.name} type="checkbox" checked={value === true} onChange={(event) => edit(event.target.checked)} aria-describedby={describedBy} aria-invalid={invalid} />
                  ) : field.input === 'choice' ? (
                    <select id={field.name} name={field.name} value={String(value)} onChange={(event) => edit(event.target.value)} aria-describedby={describedBy} aria-invalid={invalid}>
                      {choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))}
                    </select>
                  ) : field.input === 'json' ? (
                    <textarea id={field.name} name={field.name} className="setting-json" rows={5} spellCheck={false} value={String(value)} onChange={(event) => edit(event.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
                  ) : (
                    <input id={field.name} name={field.name} value={String(value)} inputMode={field.input === 'text' ? 'text' : field.input === 'money' ? 'decimal' : 'numeric'} onChange={(event) => edit(event.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
                  )}
                  <p id={`${field.name}-hint`} className="setting-hint">
                    {field.hint}
                    {view.overridden[field.name] ? ` Set by ${view.overridden[field.name]}: saving changes the file only.` : ''}
                    {view.restartNeeded.includes(field.name) ? ' Saved: takes effect when Lanepoint restarts.' : ''}
                    {field.name === 'training' && value === false && view.values.training === true ? ' Leaving training means real cards and real money.' : ''}
                  </p>
                  {invalid ? (
                    <p id={`${field.name}-error`} className="setting-error" role="alert">
                      {fieldError.message}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        <div className="settings-actions">
          <button type="submit" className="primary" disabled={busy || changed.length === 0} aria-busy={busy}>
            {busy ? 'Saving\u2026' : changed.length > 0 ? `Save ${changed.length} change${changed.length === 1 ? '' : 's'}` : 'No changes'} <kbd>Enter</kbd>
          </button>
          <button type="button" disabled={changed.length === 0} onClick={() => setDraft({})}>
            Put back <kbd>Esc</kbd>
          </button>
          {saved && changed.length === 0 ? <p role="status">{saved}</p> : null}
          {error && !error.field ? <p role="alert" className="setting-error">{error.message}</p> : null}
        </div>
      </form>
      <CredentialsForm askManager={askManager} />
    </section>
  );
}
