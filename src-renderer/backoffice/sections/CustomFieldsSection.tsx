import { useEffect, useState, type FormEvent } from 'react';
import { ActionResult, SubmitRow } from '../components/ActionResult';
import { FieldProblem } from '../components/FormField';
import type { CustomField } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

/** A custom field value's problem, naming the field; null when fine (at most 100 characters, required ones filled). */
export function customFieldProblem(field: CustomField, value: string): string | null {
  const label = field.customFieldLabel || `Custom field ${field.userFieldNumber}`;
  if (value.trim() === '' && field.isRequired === 1) return `${label} is required before the signature is requested.`;
  if (value.length > 100) return `${label} is ${value.length} characters; at most 100.`;
  return null;
}

/**
 * The custom fields configured in the service's web interface (numbered 1 to 10): their values
 * for this application. Which fields exist and which are required is set there, not here.
 */
export function CustomFieldsSection({ merchantId, editable }: { merchantId: string; editable: boolean }) {
  const run = useBackOffice((state) => state.run);
  const [fields, setFields] = useState<CustomField[] | null>(null);
  const [values, setValues] = useState<Record<number, string>>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const load = useAction();
  const save = useAction();
  useEffect(() => {
    void load.run(async () => {
      const found = (await run('applications.customFields', { merchantId })).filter((field) => field.isActive === 1);
      setFields(found);
      setValues(Object.fromEntries(found.map((field) => [field.userFieldNumber, field.customFieldValue ?? ''])));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [merchantId, run]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields) return;
    const found: Record<number, string> = {};
    for (const field of fields) {
      const problem = customFieldProblem(field, values[field.userFieldNumber] ?? '');
      if (problem) found[field.userFieldNumber] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await save.run(async () => {
      const set = fields.map((field) => ({
        userFieldNumber: field.userFieldNumber,
        customFieldValue: (values[field.userFieldNumber] ?? '').trim() || null,
      }));
      await run('applications.setCustomFields', { merchantId, customFields: set });
      return 'Custom fields saved.';
    });
  };
  return (
    <section className="bo-panel" aria-labelledby="custom-heading">
      <h2 id="custom-heading">Custom fields</h2>
      <ActionResult action={load} />
      {fields && fields.length === 0 ? (
        <p className="bo-note">No custom fields are configured for new merchants.</p>
      ) : null}
      {fields && fields.length > 0 ? (
        <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
          {fields.map((field) => {
            const id = `custom-${field.userFieldNumber}`;
            const problem = problems[field.userFieldNumber];
            return (
              <div className="bo-field" key={field.userFieldNumber}>
                <label htmlFor={id}>
                  {field.userFieldNumber}. {field.customFieldLabel}
                  {field.isRequired === 1 ? null : <span className="bo-hint"> (optional)</span>}
                </label>
                <input
                  id={id}
                  value={values[field.userFieldNumber] ?? ''}
                  maxLength={100}
                  disabled={!editable}
                  aria-invalid={problem !== undefined}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  onChange={(event) => setValues({ ...values, [field.userFieldNumber]: event.target.value })}
                />
                <FieldProblem id={id} problem={problem} />
              </div>
            );
          })}
          <SubmitRow label="Save custom fields" action={save} disabled={!editable} />
        </form>
      ) : null}
    </section>
  );
}
