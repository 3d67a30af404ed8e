import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ActionResult } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { sendAttachment, uploadProblem } from '../upload';
import { useAction } from '../use-action';
import { useCodeLists } from '../use-code-lists';

type Sent = { attachmentId: number; fileName: string; attachmentTypeCd: string; description: string };

/**
 * Documents for underwriting, each with its type: the voided check of the deposit account first,
 * then statements, licences and the rest. Sent through the host, which streams the file on.
 */
export function AttachmentsSection({ merchantId, token }: { merchantId: string; token: string }) {
  const run = useBackOffice((state) => state.run);
  const codes = useCodeLists(['attachmentTypeCodes']).attachmentTypeCodes ?? [];
  const [type, setType] = useState('VOIDBNKCHK1');
  const [description, setDescription] = useState('Voided check of the deposit account');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState<Sent[]>([]);
  const upload = useAction();
  const fileField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    run('applications.attachments', { merchantId })
      .then(setSent)
      // The list is a convenience: without it the upload still works and says what it did.
      .catch(() => setSent([]));
  }, [merchantId, run]);
  const typeName = (code: string) => codes.find((entry) => entry.code === code)?.name ?? code;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = uploadProblem(file);
    if (problem || !file) {
      await upload.run(() => Promise.reject(new Error(problem ?? 'Choose a file to attach.')));
      fileField.current?.focus();
      return;
    }
    setProgress(0);
    const worked = await upload.run(async () => {
      const done = await sendAttachment(
        { merchantId, attachmentTypeCd: type, description: description.trim() || typeName(type), file },
        token,
        setProgress,
      );
      setSent((before) => [
        ...before,
        { attachmentId: done.attachmentId, fileName: file.name, attachmentTypeCd: type, description },
      ]);
      return `${file.name} attached (attachment ${done.attachmentId}).`;
    });
    if (!worked) setProgress(null);
  };
  return (
    <section className="bo-panel" aria-labelledby="attachments-heading">
      <h2 id="attachments-heading">Attachments</h2>
      <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="bo-field">
          <label htmlFor="attachment-type">Document type</label>
          <select id="attachment-type" value={type} onChange={(event) => setType(event.target.value)}>
            {codes.some((entry) => entry.code === type) ? null : <option value={type}>{type}</option>}
            {codes.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label htmlFor="attachment-description">Description</label>
          <input
            id="attachment-description"
            value={description}
            maxLength={1000}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="bo-field">
          <label htmlFor="attachment-file">File (a document or an image, up to 100 MB)</label>
          <input
            id="attachment-file"
            ref={fileField}
            type="file"
            accept="application/pdf,image/*,.doc,.docx,.txt"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {progress !== null ? (
          <progress max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        ) : null}
        <div className="bo-actions">
          <button type="submit" disabled={upload.busy} aria-busy={upload.busy}>
            Upload
          </button>
        </div>
        <ActionResult action={upload} />
      </form>
      {sent.length > 0 ? (
        <table className="bo-table">
          <caption>Sent</caption>
          <ColumnHeads names={['File', 'Type', 'Id']} />
          <tbody>
            {sent.map((entry) => (
              <tr key={entry.attachmentId}>
                <td>{entry.fileName}</td>
                <td>{typeName(entry.attachmentTypeCd)}</td>
                <td>{entry.attachmentId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
