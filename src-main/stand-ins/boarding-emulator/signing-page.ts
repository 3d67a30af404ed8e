import type { BoardingAnswer } from './answers';
import type { MerchantEntry } from './boarding-store';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** The owner opens the link from a QR code on a phone: without this the phone draws a desktop-wide page, tiny. */
const head = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';

/** The owner's review-and-sign page at the signatureUrl: a small form, no script. */
export function signingPage(entry: MerchantEntry, action: string): BoardingAnswer {
  const merchant = entry.merchant;
  const owner = ((merchant.ownership as Record<string, unknown> | undefined)?.owner ?? {}) as Record<string, unknown>;
  const [first = '', ...last] = String(owner.ownerName ?? '').split(/\s+/);
  const field = (name: string, label: string, value: string, type = 'text') =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required></p>`;
  const body = `<!doctype html>
<html lang="en"><head>${head}<title>Sign the application: ${escapeHtml(String(merchant.dbaName ?? ''))}</title></head>
<body><main>
<h1>Merchant application: ${escapeHtml(String(merchant.dbaName ?? ''))}</h1>
<p>Legal name: ${escapeHtml(String(merchant.legalBusinessName ?? ''))}. Review the application and sign it as the owner.</p>
<form method="post" action="${escapeHtml(action)}">
${field('firstName', 'First name', first)}
${field('lastName', 'Last name', last.join(' '))}
${field('email', 'Email', String(owner.ownerEmail ?? ''), 'email')}
<p><input id="personalGuarantee" name="personalGuarantee" type="checkbox" value="1"> <label for="personalGuarantee">I give the personal guarantee</label></p>
<p><input id="agree" name="agree" type="checkbox" value="1" required> <label for="agree">I agree to the terms of the application</label></p>
<p><button type="submit">Sign the application</button></p>
</form>
</main></body></html>`;
  return { status: 200, body, html: true };
}

/** The page after signing, or when the link no longer works. */
export function signingMessage(status: number, title: string, text: string): BoardingAnswer {
  return {
    status,
    html: true,
    body: `<!doctype html>\n<html lang="en"><head>${head}<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`,
  };
}
