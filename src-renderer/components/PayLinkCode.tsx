import { useEffect, useState } from 'react';

/**
 * The pay link as a QR code, encoded and drawn as SVG by the `qrcode` package. Error correction
 * M and the standard four-module quiet zone: a phone camera reads it off a customer display at
 * arm's length. An image, so the page's CSP (no inline script) stays as it is. The encoder is
 * fetched when a code is first drawn: most lanes never show one, so it is not in the first chunk.
 */
export function PayLinkCode({ url, label }: { url: string; label: string }) {
  const [code, setCode] = useState<{ url: string; svg: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString: qrSvg }) => qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }))
      .then((svg) => {
        if (current) setCode({ url, svg });
      })
      .catch((error: unknown) => {
        if (current) setProblem(error instanceof Error ? error.message : String(error));
      });
    return () => {
      current = false;
    };
  }, [url]);
  if (problem) {
    return (
      <p className="pay-link-code-problem" role="alert">
        The QR code could not be drawn ({problem}): open the link below instead.
      </p>
    );
  }
  // Until the code is drawn (a moment), the square keeps its place so the panel does not jump.
  if (code?.url !== url) return <div className="pay-link-code" aria-busy="true" />;
  return (
    <img
      className="pay-link-code"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`}
      alt={label}
      data-testid="pay-link-qr"
      data-url={url}
    />
  );
}
