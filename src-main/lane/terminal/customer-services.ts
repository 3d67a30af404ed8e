import type { GatewayClient } from '../gateway/client';
import { AuthenticationError, GatewayError, ValidationError } from '../gateway/errors';
import type { StoredCardsView } from '../ipc/contract';
import { LaneError } from '../errors';
import { JournalError, type Journal } from '../journal/journal';
import type { Logger } from '../../platform/log/logger';
import type { EncodedSignature } from '../signature/codec';
import { storedCardFacts } from '../payment/stored-card';
import type { GatewayAccess } from './lane-access';

/** What History does for a sale's customer beside the money: stored cards, a signature added later. */
export interface CustomerServices {
  /** The stored cards of the profile the sale used or created, masked; none when it had no profile. */
  storedCards(args: { orderId: string }): Promise<StoredCardsView>;
  /** Deletes one stored card of that profile; the cards left. */
  deleteStoredCard(args: { orderId: string; acctid: string }): Promise<StoredCardsView>;
  /** Sends the signature just accepted on the pad or the screen to the gateway for the approved sale. */
  addSignature(args: {
    orderId: string;
    by: string;
  }): Promise<{ readonly saved: boolean; readonly reason: string | null }>;
}

export interface CustomerServiceOptions {
  readonly journal: () => Journal;
  readonly gateway: () => Promise<GatewayAccess>;
  /** The accepted signature, handed over once (the signature service's `take`). */
  readonly takeSignature: () => EncodedSignature | undefined;
  readonly logger: Logger;
}

/** The gateway's failures in the cashier's words; nothing here moves money, so trying again is safe. */
async function asking<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AuthenticationError)
      throw new LaneError('refused', `The gateway refused the lane's credentials while ${what}: ${error.message}`);
    if (error instanceof ValidationError)
      throw new LaneError('invalid', `Not sent while ${what}: ${error.message}`, error.field);
    if (error instanceof GatewayError)
      throw new LaneError('refused', `The gateway could not be asked while ${what}: ${error.message}. Try again.`);
    throw error;
  }
}

export function createCustomerServices(options: CustomerServiceOptions): CustomerServices {
  /** The approved sale of an order id and the gateway's record of it now (profile, signature). */
  const saleOf = async (orderId: string) => {
    let journal: Journal;
    try {
      journal = options.journal();
    } catch (error) {
      if (error instanceof JournalError) throw new LaneError('refused', `The journal cannot be read: ${error.message}`);
      throw error;
    }
    const entry = journal.authorization(orderId);
    const retref = entry?.outcome?.retref;
    if (!entry || !retref)
      throw new LaneError('refused', `No approved sale has order id ${orderId} in this lane's journal.`, 'orderId');
    const { client, merchid } = await options.gateway();
    const record = await asking('reading the sale', () => client.inquire({ merchid, retref }));
    return { entry, retref, client, merchid, record };
  };

  const cardsOf = async (
    client: GatewayClient,
    merchid: string,
    profileid: string | undefined,
  ): Promise<StoredCardsView> => {
    if (!profileid) return { hasProfile: false, cards: [] };
    const accounts = await asking('reading the stored cards', () => client.getProfile({ merchid, profileid }));
    return {
      hasProfile: accounts.length > 0,
      ...(accounts.length > 0 ? { profileId: profileid } : {}),
      cards: accounts.map((account) => {
        // Only the last four digits of the token (which keeps the card's last four) reach the screen.
        const { lastFour, brand } = storedCardFacts(account);
        return { acctid: account.acctid, maskedPan: `****${lastFour ?? ''}`, brand, isDefault: account.isDefault };
      }),
    };
  };

  return {
    async storedCards({ orderId }) {
      const { client, merchid, record } = await saleOf(orderId);
      return cardsOf(client, merchid, record.profileid);
    },
    async deleteStoredCard({ orderId, acctid }) {
      const { client, merchid, record } = await saleOf(orderId);
      // The profile comes from the gateway's record of this sale, never from the screen.
      if (!record.profileid) throw new LaneError('refused', `The sale ${orderId} stored no card.`, 'orderId');
      const profileid = record.profileid;
      const result = await asking('deleting the stored card', () =>
        client.deleteProfile({ merchid, profileid, acctid }),
      );
      if (!result.deleted)
        throw new LaneError(
          'refused',
          `The customer has no stored card ${acctid} (the gateway said: ${result.resptext ?? result.respcode ?? 'not found'}).`,
          'acctid',
        );
      options.logger.info({ orderId, acctid }, 'a stored card was deleted');
      return cardsOf(client, merchid, profileid);
    },
    async addSignature({ orderId, by }) {
      const { entry, retref, client, merchid, record } = await saleOf(orderId);
      if (entry.detail?.signatureRequired === true && !entry.detail.signatureSkippedBy) {
        throw new LaneError('refused', `The sale ${orderId} was signed when it was paid.`, 'orderId');
      }
      if (record.signature)
        throw new LaneError('refused', `The sale ${orderId} already has a signature at the gateway.`, 'orderId');
      const signature = options.takeSignature();
      if (!signature) throw new LaneError('refused', 'No signature is ready: have the customer sign, then accept it.');
      const result = await asking('sending the signature', () =>
        client.sigcap({ merchid, retref, signature: signature.value }),
      );
      options.logger.info(
        { orderId, by, saved: result.saved, respcode: result.respcode },
        'signature added after the approval',
      );
      return {
        saved: result.saved,
        reason: result.saved
          ? null
          : (result.resptext ?? `the gateway answered ${result.respcode ?? 'without a code'}`),
      };
    },
  };
}
