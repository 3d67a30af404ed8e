// The route, header and limit are the contract's attachmentUploadPath, sessionTokenHeader and
// maxAttachmentBytes: values the page may not import (types only), so they are written here too.
/** Largest document the service takes (spec "Limits": attachments up to 100 MB). */
export const maxAttachmentBytes = 100 * 1024 * 1024;

export interface AttachmentUpload {
  readonly merchantId: string;
  readonly attachmentTypeCd: string;
  readonly description: string;
  readonly file: File;
}

/** What is wrong with a file before it is sent, in words that name it; null when it may go. */
export function uploadProblem(file: File | null): string | null {
  if (!file) return 'Choose a file to attach.';
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxAttachmentBytes)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the service takes at most 100 MB.`;
  if (/^(audio|video)\//.test(file.type)) return `${file.name} is ${file.type}: only documents and images are taken.`;
  if (file.name.length > 60) return `The file name ${file.name} is ${file.name.length} characters; at most 60.`;
  return null;
}

/**
 * Sends one attachment to the host's upload route as the raw file body (the host streams it on to
 * the service, never holding it whole), reporting progress from 0 to 1. XMLHttpRequest, not
 * fetch: only it reports an upload's progress. Resolves with the service's attachment id, or
 * rejects with the host's reason.
 */
export function sendAttachment(
  upload: AttachmentUpload,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<{ attachmentId: number }> {
  const query = new URLSearchParams({
    merchantId: upload.merchantId,
    attachmentTypeCd: upload.attachmentTypeCd,
    description: upload.description,
    fileName: upload.file.name,
    mimeType: upload.file.type || 'application/octet-stream',
  });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/attachments?${query.toString()}`);
    request.setRequestHeader('x-lanepoint-token', token);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: { attachmentId?: number; error?: { message?: string }; message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // Not JSON: the status line below says what happened.
      }
      if (request.status >= 200 && request.status < 300 && typeof body.attachmentId === 'number') {
        onProgress(1);
        resolve({ attachmentId: body.attachmentId });
      } else {
        reject(new Error(body.error?.message ?? body.message ?? `The upload was refused (HTTP ${request.status}).`));
      }
    });
    request.addEventListener('error', () =>
      reject(new Error('The back office could not be reached; the file was not sent.')),
    );
    request.send(upload.file);
  });
}
