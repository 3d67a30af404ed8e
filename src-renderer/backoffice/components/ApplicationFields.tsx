import type { ApplicationDraft, FieldGroup } from '../application-form';
import type { CodeName } from '../api-types';
import { FormField } from './FormField';

/**
 * The groups of an application form, each a fieldset; a group that may copy another has a
 * "same as" box and hides its fields while ticked.
 */
export function ApplicationFields({
  groups,
  draft,
  problems,
  codes,
  onChange,
}: {
  groups: readonly FieldGroup[];
  draft: ApplicationDraft;
  problems: Readonly<Record<string, string>>;
  codes: Readonly<Record<string, readonly CodeName[]>>;
  onChange: (draft: ApplicationDraft) => void;
}) {
  return (
    <>
      {groups.map((group) => {
        const same = group.sameAs ? draft.same[group.id] === true : false;
        return (
          <fieldset key={group.id}>
            <legend>{group.legend}</legend>
            {group.sameAs ? (
              <label className="bo-same">
                <input
                  type="checkbox"
                  checked={same}
                  onChange={(event) =>
                    onChange({ ...draft, same: { ...draft.same, [group.id]: event.target.checked } })
                  }
                />
                {group.sameAs.label}
              </label>
            ) : null}
            {same
              ? null
              : group.fields.map((field) => (
                  <FormField
                    key={field.path}
                    field={field}
                    value={draft.values[field.path] ?? ''}
                    problem={problems[field.path] ?? null}
                    codes={typeof field.choices === 'string' ? codes[field.choices] : undefined}
                    onEdit={(value) => onChange({ ...draft, values: { ...draft.values, [field.path]: value } })}
                  />
                ))}
          </fieldset>
        );
      })}
    </>
  );
}
