import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code of `text` as an SVG data address, for an <img>. */
export async function qrImageSource(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The owner's signing link three ways: as text to read out or type (all of it, wrapped), as a QR code for the owner's
 * phone at the counter, and a Copy button for an email. Copying can be refused (no clipboard
 * permission, a plain-http page): the text is then selected so Ctrl+C does it.
 */
export function SigningLink({ url }: { url: string }) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrImageSource(url).then((source) => {
      if (current) setQr(source);
    });
    return () => {
      current = false;
    };
  }, [url]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied.');
    } catch {
      const field = document.getElementById('signing-link-text') as HTMLTextAreaElement | null;
      field?.select();
      setCopied('The browser would not copy: the link is selected, press Ctrl+C.');
    }
  };
  return (
    <div className="signing-link">
      <div className="signing-link-text">
        <label htmlFor="signing-link-text">Signing link for the owner</label>
        {/* A text area, not a one-line box: the whole link is in sight to read out or type, wrapped. */}
        <textarea
          id="signing-link-text"
          readOnly
          rows={2}
          spellCheck={false}
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <div className="bo-actions">
          <button type="button" onClick={() => void copy()}>
            Copy link
          </button>
          <a href={url} target="_blank" rel="noreferrer">
            Open the signing page
          </a>
        </div>
        <p role="status" className="bo-note">
          {copied ?? ''}
        </p>
      </div>
      {qr ? <img className="signing-qr" src={qr} alt="QR code of the signing link" width={200} height={200} /> : null}
    </div>
  );
}
