import { useEffect, useRef, useState, type FormEvent } from 'react';
import { draftProblems, standingProblems, type ApplicationDraft, type FieldGroup } from './application-form';
import { fieldId } from './components/FormField';

/**
 * An application form's problems. Saving checks every field and, once the list and the messages
 * are on screen, puts the focus on the first field named (focusing before they render would
 * leave that field scrolled out of sight under the list). Editing clears the problems fixed.
 */
export function useFormProblems(groups: readonly FieldGroup[]) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const first = Object.keys(problems)[0];
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [problems]);
  return {
    problems,
    /** True when the draft may be sent; otherwise its problems are shown and the first one focused. */
    check(draft: ApplicationDraft): boolean {
      const found = draftProblems(draft, groups);
      focusFirst.current = Object.keys(found).length > 0;
      setProblems(found);
      return !focusFirst.current;
    },
    /** The person changed the draft: the problems shown are checked again. */
    edited(draft: ApplicationDraft): void {
      setProblems((shown) => (Object.keys(shown).length === 0 ? shown : standingProblems(shown, draft, groups)));
    },
  };
}

/**
 * An application form's draft with its problems: `edit` keeps both current as the person types,
 * and `submit(send)` is the form's submit handler, sending only a draft with no problems left.
 */
export function useApplicationDraft(
  initial: ApplicationDraft | (() => ApplicationDraft),
  groups: readonly FieldGroup[],
) {
  const [draft, setDraft] = useState<ApplicationDraft>(initial);
  const { problems, check, edited } = useFormProblems(groups);
  return {
    draft,
    problems,
    edit(next: ApplicationDraft): void {
      setDraft(next);
      edited(next);
    },
    submit: (send: (draft: ApplicationDraft) => Promise<unknown>) => (event: FormEvent) => {
      event.preventDefault();
      if (check(draft)) void send(draft);
    },
  };
}
