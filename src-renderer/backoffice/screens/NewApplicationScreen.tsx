import { useEffect, useMemo } from 'react';
import {
  applicationGroups,
  blankDraft,
  createRequest,
  withTrainingChoices,
  type ApplicationDraft,
} from '../application-form';
import { ActionResult } from '../components/ActionResult';
import { ApplicationFields } from '../components/ApplicationFields';
import { fieldId } from '../components/FormField';
import type { BackOfficeCommandArgs, LookupList } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { useCodeLists } from '../use-code-lists';
import { useApplicationDraft } from '../use-form-problems';

const codeLists: LookupList[] = ['stateCodes', 'countryCodes', 'bankAcctTypes'];

/**
 * A new merchant application with the minimal data the boarding guide names; the owner fills in
 * the rest on the signing page. Saving creates it in progress (INPROG) and opens it. Every
 * problem is listed at the top and under its field, and the focus goes to the first one.
 */
export function NewApplicationScreen() {
  const run = useBackOffice((state) => state.run);
  const openApplication = useBackOffice((state) => state.openApplication);
  const trainingChoices = useBackOffice((state) => state.status?.trainingChoices);
  const groups = useMemo(() => withTrainingChoices(applicationGroups, trainingChoices), [trainingChoices]);
  const codes = useCodeLists(codeLists);
  const { draft, problems, edit, submit } = useApplicationDraft(blankDraft, groups);
  const save = useAction();
  useEffect(() => document.getElementById(fieldId('templateId'))?.focus(), []);

  const send = (draft: ApplicationDraft) =>
    save.run(async () => {
      // The form's fields are the contract's new-application fields, by the same paths.
      const request = createRequest(draft) as unknown as BackOfficeCommandArgs<'applications.create'>;
      const { merchantId } = await run('applications.create', request);
      openApplication(merchantId);
    });

  const problemList = Object.entries(problems);
  return (
    <section className="bo-screen" aria-labelledby="new-application-heading">
      <h1 id="new-application-heading">New application</h1>
      <p className="bo-intro">
        The minimal data to open a merchant&rsquo;s application. It is saved <strong>in progress</strong>: you can edit
        it until you request the owner&rsquo;s signature, and the owner completes the rest on the signing page.
      </p>
      <form className="bo-form" onSubmit={submit(send)} noValidate aria-describedby="new-app-problems">
        <div id="new-app-problems">
          {problemList.length > 0 ? (
            <ul className="bo-problems" aria-label="What to fix before saving">
              {problemList.map(([path, text]) => (
                <li key={path}>{text}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <ApplicationFields groups={groups} draft={draft} problems={problems} codes={codes} onChange={edit} />
        <div className="bo-actions">
          <button type="submit" className="primary" disabled={save.busy} aria-busy={save.busy}>
            Save application <kbd>Enter</kbd>
          </button>
          <ActionResult action={save} />
        </div>
      </form>
    </section>
  );
}
