import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { EditableSetting, SettingValue } from '../../../src-main/lane/ipc/contract';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { PosCallError } from '../../pos/call-error';
import { usePosActions, usePosFields } from '../../store/use-pos';
import type { AskManager } from '../history/ask-manager';
import { settingGroups, type SettingField } from './fields';
import { focusRefused } from './focus-refused';
import { GatewayCredentials } from './GatewayCredentials';
import { SettingRow } from './SettingRow';
import './settings.css';

type Draft = Partial<Record<EditableSetting, string | boolean>>;

const fields = settingGroups.flatMap((group) => group.fields);

/** A saved value as the form edits it: money as dollars, numbers as text. */
function shown(field: SettingField, value: SettingValue): string | boolean {
  if (field.input === 'boolean') return value === true;
  if (field.input === 'money') return formatMoney(Number(value)).replace('$', '');
  return String(value);
}

/** The form's value back as the setting's, or what is wrong with it and how to write it. */
function parsed(field: SettingField, value: string | boolean): { value: SettingValue } | { problem: string } {
  if (field.input === 'boolean') return { value: value === true };
  const text = String(value).trim();
  if (field.input === 'integer')
    return /^\d+$/.test(text)
      ? { value: Number(text) }
      : { problem: `${field.label}: enter a whole number, e.g. ${field.min ?? 0}.` };
  if (field.input === 'money') {
    const minor = parseMoney(text);
    return minor === null ? { problem: `${field.label}: enter an amount such as 50.00.` } : { value: minor };
  }
  return { value: field.input === 'json' ? String(value) : text };
}

/** A refusal as a sentence, so what to do next reads as the next one. */
function sentence(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** What to do after a refusal, said once under the refused setting. */
const correctIt = 'Correct it and press Enter to save again, or Esc to put back the saved value.';

/**
 * The lane's settings as a manager changes them, in groups. Only changed settings are sent; the
 * main process checks them and a refusal is shown and focused at the setting it names. What
 * waits for a restart, or is set by the environment, says so. Enter saves, Escape puts back.
 */
export function SettingsScreen({ askManager }: { askManager: AskManager }) {
  const { view, wait, error, saved } = usePosFields({
    view: 'settingsView',
    wait: 'settingsWait',
    error: 'settingsError',
    saved: 'settingsSaved',
  });
  const actions = usePosActions();
  const [draft, setDraft] = useState<Draft>({});
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = wait === 'saving';

  useEffect(() => {
    void actions.loadSettings();
  }, [actions]);

  const refusal = problem ?? error;
  const refusedField = refusal?.field && fields.some((field) => field.name === refusal.field) ? refusal.field : null;
  // A refused setting takes the focus, so it can be corrected at once.
  useEffect(() => {
    if (!refusedField) return;
    return focusRefused(formRef.current?.querySelector<HTMLElement>(`[name="${refusedField}"]`));
  }, [refusedField, refusal]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"]')) return;
      setDraft({});
      setProblem(null);
      actions.dismissSettingsProblems();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);

  if (!view) {
    const reading = wait === 'reading' || !error;
    return (
      <section className="settings-screen" aria-labelledby="settings-heading" aria-busy={reading}>
        <h1 id="settings-heading">Settings</h1>
        {reading ? (
          <p role="status">Reading the settings&hellip;</p>
        ) : (
          <div className="settings-unread">
            <p role="alert" className="setting-error">
              The settings could not be read: {error?.message} Check that the terminal is running, then try again.
            </p>
            <button type="button" className="primary" onClick={() => void actions.loadSettings()} autoFocus>
              Try again <kbd>Enter</kbd>
            </button>
          </div>
        )}
      </section>
    );
  }

  const valueOf = (field: SettingField) => draft[field.name] ?? shown(field, view.values[field.name]);
  const changed = fields.filter(
    (field) => draft[field.name] !== undefined && draft[field.name] !== shown(field, view.values[field.name]),
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    if (changed.length === 0) return setProblem({ field: null, message: 'Nothing to save: no setting was changed.' });
    const changes: Partial<Record<EditableSetting, SettingValue>> = {};
    for (const field of changed) {
      const result = parsed(field, draft[field.name]!);
      if ('problem' in result) return setProblem({ field: field.name, message: result.problem });
      changes[field.name] = result.value;
    }
    setProblem(null);
    const done = (ok: boolean) => {
      if (ok) setDraft({});
    };
    void actions
      .saveSettings(changes)
      .then(done)
      .catch((error: unknown) => {
        if (error instanceof PosCallError && error.code === 'forbidden')
          askManager('Change the settings', (managerPin) => actions.saveSettings(changes, managerPin).then(done));
      });
  };
  // Enter in any setting saves (a JSON list takes Ctrl+Enter, since Enter starts a new line there).
  const onKeyDown = (event: ReactKeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLButtonElement || (target instanceof HTMLTextAreaElement && !event.ctrlKey)) return;
    event.preventDefault();
    submit();
  };
  const putBack = () => {
    setDraft({});
    setProblem(null);
    actions.dismissSettingsProblems();
  };
  const formProblem = refusal && !refusedField ? refusal.message : null;

  return (
    <section className="settings-screen" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      <p className="settings-intro">
        The terminal checks each setting as you save it. Enter saves the changes; Esc puts back the saved values.
      </p>
      <form
        ref={formRef}
        onSubmit={submit}
        onKeyDown={onKeyDown}
        className="settings-form"
        aria-busy={saving}
        noValidate
      >
        {settingGroups.map((group) => (
          <fieldset key={group.title} className={`settings-group settings-group-${group.title.toLowerCase()}`}>
            <legend>{group.title}</legend>
            {group.fields.map((field) => (
              <SettingRow
                key={field.name}
                field={field}
                view={view}
                value={valueOf(field)}
                changed={changed.includes(field)}
                refusal={refusedField === field.name && refusal ? `${sentence(refusal.message)} ${correctIt}` : null}
                onEdit={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
              />
            ))}
            {group.title === 'Gateway' ? <GatewayCredentials askManager={askManager} /> : null}
          </fieldset>
        ))}
        <div className="settings-actions settings-save">
          <button type="submit" className="primary" aria-disabled={saving || changed.length === 0} aria-busy={saving}>
            {saving
              ? 'Saving\u2026'
              : changed.length > 0
                ? `Save ${changed.length} change${changed.length === 1 ? '' : 's'}`
                : 'Save changes'}{' '}
            <kbd>Enter</kbd>
          </button>
          <button type="button" onClick={putBack} aria-disabled={changed.length === 0}>
            Put back saved values <kbd>Esc</kbd>
          </button>
          <p role="status" className="settings-unsaved">
            {saving
              ? 'Saving the changes\u2026'
              : changed.length > 0
                ? `${changed.length} unsaved change${changed.length === 1 ? '' : 's'}.`
                : saved && !formProblem
                  ? saved
                  : ''}
          </p>
          {formProblem ? (
            <p role="alert" className="setting-error">
              {formProblem}
              {problem?.field === null ? '' : ' Nothing was saved.'}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
