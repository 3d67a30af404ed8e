import { describe, expect, it } from 'vitest';
import type { SaleSummary, StoredCardsView } from '../../../../src-main/lane/ipc/contract';
import { containsCardNumber, Journal, type JournalEntry } from '../../../../src-main/lane/journal/journal';
import { profileIdOf } from '../../../../src-main/lane/journal/journaled';
import { factsFromJournal } from '../../../../src-main/lane/receipt/facts';
import { buildReceipt } from '../../../../src-main/lane/receipt/model';
import { systemClock } from '../../../../src-main/platform/clock';
import { ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst, merchid, testGatewayClient } from './support';

/** What the counter's consent says (the screen sends its own words; the lane journals what it gets). */
const saveCardConsentWords = 'I agree that this store keeps this card on file and charges it for my future purchases.';

// Cards on file at the counter (ADR 089), end to end: a sale that saves the card with the
// customer's consent, the journal's consent record, the gateway's profile, and later charges on
// the stored card with the customer-initiated and the scheduled flags. The gateway is the
// emulator over real HTTP; the journal a real SQLite file.
const { emulator, cores } = emulatorForEachTest();
const at = Date.UTC(2026, 10, 29, 15, 30);
const clock = { ...systemClock, now: () => at };
const consent = { agreed: true, words: saveCardConsentWords } as const;

/** The journal's rows, read from the file as support would, after the lane closed it. */
function journalRows(path: string): JournalEntry[] {
  const journal = Journal.open(path, { clock: { now: () => at }, terminalId: 'TEST' });
  try {
    return journal.list();
  } finally {
    journal.close();
  }
}

/** A receipt's text lines as a reprint from the journal prints them (the customer's copy). */
function reprintText(entry: JournalEntry): string[] {
  const facts = factsFromJournal(entry, { merchid, terminalId: 'TEST' });
  const document = buildReceipt(
    { ...facts, kind: entry.outcome?.respstat === 'A' ? 'sale' : 'decline' },
    { copy: 'customer', training: true, duplicate: true, printedAt: new Date(at), columns: 48 },
  );
  return document.lines.flatMap((line) =>
    line.kind === 'text' ? [line.text] : line.kind === 'pair' ? [`${line.left} ${line.right}`] : [],
  );
}

describe('cards on file at the counter', () => {
  it('saves the card with the consent journaled, then charges it customer-initiated and scheduled with their flags', async () => {
    const { core, journalPath, lines } = laneAgainst(emulator(), cores, {}, { cashierId: '1001', clock });
    const ledger = emulator().context.ledger;

    // 1. The sale that saves the card: profile Y and cofpermission Y, the consent on the screen.
    const saved = await cardSale(core, 'visa-approve', 2500, undefined, { saveCard: consent });
    expect(saved).toMatchObject({
      outcome: 'approved',
      cardOnFile: { kind: 'saved', words: 'Card saved on file with the customer\u2019s consent' },
    });
    const [savedAt] = ledger.byOrderId(saved.orderId);
    expect(savedAt).toMatchObject({ profileid: expect.stringMatching(/^\d{20}$/), acctid: '1' });
    const profileid = savedAt!.profileid!;

    // 2. The gateway's profile says the cardholder gave permission (GET profile's cofpermission).
    const [account] = await testGatewayClient(emulator().url).getProfile({ merchid, profileid, acctid: '1' });
    expect(account).toMatchObject({ profileid, acctid: '1', cofpermission: 'Y' });

    // History's customer panel lists the stored card and the profile to charge it by.
    const cards = ok(await call<StoredCardsView>(core, 'terminal.storedCards', { orderId: saved.orderId }));
    expect(cards).toMatchObject({ hasProfile: true, profileId: profileid, cards: [{ acctid: '1' }] });
    ok(await call(core, 'terminal.newSale', {}));

    // 3. The customer asks for a charge on the stored card: customer-initiated (cof C, cofscheduled N).
    const profile = `${profileid}/1`;
    const customer = ok(
      await call<SaleSummary>(core, 'terminal.profileSale', { amountMinor: 1200, profile, initiated: 'customer' }),
    );
    expect(customer).toMatchObject({
      outcome: 'approved',
      tender: 'profile',
      // The stored card's last four, read from the gateway's profile before the charge.
      maskedPan: '****1443',
      signatureRequired: false,
      cardOnFile: { kind: 'customer', words: expect.stringMatching(/customer-initiated/) },
    });
    expect(ledger.byOrderId(customer.orderId)).toEqual([
      expect.objectContaining({ amount: 1200, cof: 'C', cofscheduled: 'N', profileid, acctid: '1' }),
    ]);
    ok(await call(core, 'terminal.newSale', {}));

    // 4. The scheduled charge the customer agreed to: merchant-initiated (cof M, cofscheduled Y, ecomind R).
    const scheduled = ok(
      await call<SaleSummary>(core, 'terminal.profileSale', { amountMinor: 900, profile, initiated: 'scheduled' }),
    );
    expect(scheduled).toMatchObject({
      outcome: 'approved',
      signatureRequired: false,
      cardOnFile: { kind: 'scheduled', words: expect.stringMatching(/scheduled payment/) },
    });
    expect(ledger.byOrderId(scheduled.orderId)).toEqual([
      expect.objectContaining({ amount: 900, cof: 'M', cofscheduled: 'Y' }),
    ]);
    ok(await call(core, 'terminal.newSale', {}));

    // An old caller without `initiated` charges as the customer's own request.
    const old = ok(await call<SaleSummary>(core, 'terminal.profileSale', { amountMinor: 300, profile }));
    expect(ledger.byOrderId(old.orderId)).toEqual([expect.objectContaining({ cof: 'C', cofscheduled: 'N' })]);
    ok(await call(core, 'terminal.newSale', {}));
    await core.close();

    // 5. The journal: the consent record (who, when, the words, the profile the answer returned), and the charges' kinds.
    const rows = journalRows(journalPath);
    const row = (orderId: string) => rows.find((entry) => entry.orderId === orderId)!;
    expect(row(saved.orderId)).toMatchObject({
      state: 'completed',
      cashier: '1001',
      detail: expect.objectContaining({
        cardOnFile: 'saved',
        consentBy: '1001',
        consentAt: at,
        consentWords: saveCardConsentWords,
      }),
      outcome: expect.objectContaining({ profileid: expect.stringMatching(/^\d{4}(\.\d{4}){4}$/), acctid: '1' }),
    });
    // The profile id is kept whole (in dotted groups, which the card-number guard leaves alone).
    expect(profileIdOf(row(saved.orderId).outcome!.profileid!)).toBe(profileid);
    expect(row(customer.orderId).detail).toMatchObject({ tender: 'profile', cardOnFile: 'customer' });
    expect(row(scheduled.orderId).detail).toMatchObject({ tender: 'profile', cardOnFile: 'scheduled' });

    // The receipts, as reprinted from the journal, say so.
    expect(reprintText(row(saved.orderId))).toContain('Card saved on file with your permission');
    expect(reprintText(row(customer.orderId))).toContain('Charged to card on file');
    expect(reprintText(row(customer.orderId))).not.toContain('Scheduled payment');
    // The charge's slip names the card as the profile holds it, never a dashed stand-in.
    expect(row(customer.orderId)).toMatchObject({ maskedPan: '****1443', entryMode: 'profile' });
    expect(reprintText(row(customer.orderId))).toContain('CARD ON FILE **** 1443');
    expect(reprintText(row(scheduled.orderId))).toEqual(
      expect.arrayContaining(['Charged to card on file', 'Scheduled payment']),
    );
    // Ids only: no card number in the journal or the log.
    expect(containsCardNumber(JSON.stringify(rows))).toBe(false);
    expect(containsCardNumber(lines.join('\n'))).toBe(false);
  });

  it('a declined sale saves nothing, and the screen says so', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores, {}, { cashierId: '1001', clock });
    const declined = await cardSale(core, 'visa-decline', 700, undefined, { saveCard: consent });
    expect(declined).toMatchObject({
      outcome: 'declined',
      cardOnFile: { kind: 'not-saved', words: 'Not approved: the card was not saved on file' },
    });
    const [sent] = emulator().context.ledger.byOrderId(declined.orderId);
    expect(sent).toMatchObject({ respstat: 'C' });
    expect(sent!.profileid).toBeUndefined();
    await core.close();
    const [row] = journalRows(journalPath);
    expect(row!.outcome).not.toHaveProperty('profileid');
    expect(reprintText(row!)).not.toContain('Card saved on file with your permission');
  });

  it('refuses to save without the customer\u2019s agreement, and nobody signed in cannot record it', async () => {
    const { core } = laneAgainst(emulator(), cores, {}, { cashierId: '1001', clock });
    expect(
      await call(core, 'terminal.sale', { amountMinor: 500, saveCard: { agreed: false, words: 'x' } }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'saveCard.agreed' } });
    expect(
      await call(core, 'terminal.sale', { amountMinor: 500, saveCard: { agreed: true, words: ' ' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    expect(
      await call(core, 'terminal.sale', { amountMinor: 500, tender: 'authorize', saveCard: consent }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'saveCard' } });
    core.session.signOut();
    expect(await call(core, 'terminal.sale', { amountMinor: 500, saveCard: consent })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(emulator().context.ledger.all()).toEqual([]);
  });
});
