import { draftFromMerchant, editGroups, updateRequest, type ApplicationDraft } from '../application-form';
import { ActionResult } from '../components/ActionResult';
import { ApplicationFields } from '../components/ApplicationFields';
import type { ApplicationView, LookupList, Tree } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { useCodeLists } from '../use-code-lists';
import { useApplicationDraft } from '../use-form-problems';

const codeLists: LookupList[] = ['stateCodes', 'countryCodes', 'bankAcctTypes'];

/**
 * The application's data, editable while it is in progress. The service replaces each object
 * sent and clears whatever the object leaves out, so the form sends every part whole: the data it
 * loaded, with the changes written over it.
 */
export function EditSection({
  detail,
  editable,
  reload,
}: {
  detail: ApplicationView;
  editable: boolean;
  reload: () => Promise<void>;
}) {
  const run = useBackOffice((state) => state.run);
  const codes = useCodeLists(codeLists);
  const { draft, problems, edit, submit } = useApplicationDraft(() => draftFromMerchant(detail.merchant), editGroups);
  const save = useAction();
  const send = (draft: ApplicationDraft) =>
    save.run(async () => {
      await run('applications.update', {
        merchantId: detail.merchantId,
        merchant: updateRequest(detail.merchant as Tree, draft),
      });
      await reload();
      return 'Saved.';
    });
  return (
    <details className="bo-panel bo-wide">
      <summary>
        <h2 id="edit-heading">Application data</h2>
      </summary>
      <p className="bo-note" id="edit-whole">
        Saving sends each part of the application whole, as the service requires: a part it receives replaces the stored
        one, and a field left empty in it is cleared. Parts this form does not show are sent back as they are.
      </p>
      {editable ? null : (
        <p className="bo-warn">Only an application in progress can be edited: retract the signature first.</p>
      )}
      <form
        className="bo-form"
        noValidate
        onSubmit={submit(send)}
        aria-labelledby="edit-heading"
        aria-describedby="edit-whole"
      >
        <fieldset disabled={!editable} className="bo-plain">
          <ApplicationFields groups={editGroups} draft={draft} problems={problems} codes={codes} onChange={edit} />
        </fieldset>
        <div className="bo-actions">
          <button type="submit" className="primary" disabled={!editable || save.busy} aria-busy={save.busy}>
            Save changes
          </button>
          <ActionResult action={save} />
        </div>
      </form>
    </details>
  );
}
