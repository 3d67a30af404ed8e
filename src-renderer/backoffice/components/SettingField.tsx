import type { ReactNode } from 'react';

/**
 * One text box of the back office's own settings (an address, a key), its label above and its
 * hint under it, read out with the box. A secret's box never autocompletes and is never spell-checked.
 */
export function SettingField({
  id,
  label,
  hint,
  type = 'text',
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  type?: 'text' | 'url' | 'password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="bo-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
