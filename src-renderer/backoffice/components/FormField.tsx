import type { ApplicationField } from '../application-form';
import type { CodeName } from '../api-types';

/** An id for a field's control from its dotted path. */
export const fieldId = (path: string) => `f-${path.replace(/\./g, '-')}`;

/** What is wrong with the field `id`, under it; its input names it with aria-describedby `${id}-problem`. */
export function FieldProblem({ id, problem }: { id: string; problem: string | null | undefined }) {
  return problem ? (
    <p className="bo-error" id={`${id}-problem`}>
      {problem}
    </p>
  ) : null;
}

/**
 * One field of an application: its label, a text box or a code list, its hint, and the problem
 * that names it (read out with the field, since it is in aria-describedby).
 */
export function FormField({
  field,
  value,
  problem,
  codes,
  onEdit,
}: {
  field: ApplicationField;
  value: string;
  problem: string | null;
  codes: readonly CodeName[] | undefined;
  onEdit: (value: string) => void;
}) {
  const id = fieldId(field.path);
  const describedBy = [field.hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name: field.path,
    value,
    required: field.required,
    'aria-invalid': problem !== null,
    'aria-describedby': describedBy || undefined,
  };
  let control;
  if (field.input === 'choice') {
    const choices: readonly CodeName[] = Array.isArray(field.choices)
      ? field.choices.map((code) => ({ code, name: code }))
      : (codes ?? []);
    // A value the list does not hold (an unknown code, or the list not loaded yet) is still shown.
    const known = choices.some((choice) => choice.code === value);
    control = (
      <select {...common} onChange={(event) => onEdit(event.target.value)}>
        <option value="">{'Choose\u2026'}</option>
        {!known && value !== '' ? <option value={value}>{value}</option> : null}
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.name === choice.code ? choice.code : `${choice.name} (${choice.code})`}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={field.input === 'email' ? 'email' : field.input === 'tel' ? 'tel' : 'text'}
        maxLength={field.max}
        autoComplete="off"
        spellCheck={false}
        placeholder={field.format && field.format.includes('#') ? field.format : undefined}
        onChange={(event) => onEdit(event.target.value)}
      />
    );
  }
  return (
    <div className="bo-field">
      <label htmlFor={id}>
        {field.label}
        {field.required ? null : <span className="bo-hint"> (optional)</span>}
      </label>
      {control}
      {field.hint ? (
        <p className="bo-hint" id={`${id}-hint`}>
          {field.hint}
        </p>
      ) : null}
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}
