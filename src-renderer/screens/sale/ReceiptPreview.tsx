/** The customer's receipt as the printer prints it (the same raster), for the screen. */
export function ReceiptPreview({ png, caption }: { png: string; caption: string }) {
  return (
    <figure className="receipt-preview">
      <img src={png} alt={`Receipt preview: ${caption}`} data-testid="receipt-preview" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
