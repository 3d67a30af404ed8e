import { closeBatchPath, openBatchPath, parseBatchChange, type BatchChange } from './batches';
import { binPath, parseBin, type BinInformation } from './bin';
import { fundingPath, parseFunding, type FundingQuery, type FundingReport } from './funding';
import {
  parseProfileAccounts,
  parseProfileDelete,
  parseProfileSave,
  profilePath,
  profileToWire,
  type ProfileSave,
  type ProfileSaveRequest,
  type StoredProfileAccount,
} from './profiles';
import type { createRequestSender } from './request-sender';
import { parseSigcap, sigcapToWire, type SignatureCaptureRequest, type SignatureCapture } from './sigcap';

/** Names a stored profile, or one account of it (every account when acctid is left out). */
export interface ProfileReference {
  readonly merchid: string;
  readonly profileid: string;
  readonly acctid?: string | undefined;
}

/** The gateway's services beside the transaction calls; none of them moves money. */
export interface GatewayServices {
  /** Adds a signature to an approved authorization; `saved` false (with the code) when the gateway would not. */
  sigcap(request: SignatureCaptureRequest): Promise<SignatureCapture>;
  /** The merchant's funding for a date, or the next not returned before; undefined when there is none. */
  funding(query: FundingQuery): Promise<FundingReport | undefined>;
  /** Creates a profile, adds an account to one, or updates an account. */
  saveProfile(request: ProfileSaveRequest): Promise<ProfileSave>;
  /** A profile's accounts (tokens, never card numbers); empty when there is no such profile. */
  getProfile(reference: ProfileReference): Promise<StoredProfileAccount[]>;
  /** Deletes a profile, or one account; `deleted` false when there was nothing to delete. */
  deleteProfile(reference: ProfileReference): Promise<{
    readonly deleted: boolean;
    readonly respcode: string | undefined;
    readonly resptext: string | undefined;
  }>;
  /** What the BIN service knows of the card behind a token. */
  bin(request: { merchid: string; token: string }): Promise<BinInformation>;
  /** Opens a batch for the merchant by hand (the gateway manages batches itself otherwise). */
  openBatch(request: { merchid: string; batchsource: string }): Promise<BatchChange>;
  /** Closes the merchant's batch (this one, or the lowest open one) so it settles now. */
  closeBatch(request: { merchid: string; batchid?: string | undefined }): Promise<BatchChange>;
}

/** The service methods over the client's one request sender. */
export function serviceMethods(sender: ReturnType<typeof createRequestSender>): GatewayServices {
  const changeBatch = (operation: 'openbatch' | 'closebatch', path: string) =>
    sender.call({ operation, method: 'GET', path }, (json, raw) => parseBatchChange(operation, json, raw));
  return {
    // The reference declares sigcap as POST (its text allows PUT too).
    sigcap: async (request) =>
      sender.call({ operation: 'sigcap', method: 'POST', path: 'sigcap', body: sigcapToWire(request) }, parseSigcap),
    funding: async (query) =>
      sender.call({ operation: 'funding', method: 'GET', path: fundingPath(query) }, parseFunding),
    async saveProfile(request) {
      const body = profileToWire(request);
      return sender.call({ operation: 'profile', method: 'PUT', path: 'profile', body }, parseProfileSave);
    },
    getProfile: async (reference) =>
      sender.call({ operation: 'profile', method: 'GET', path: profilePath(reference) }, parseProfileAccounts),
    deleteProfile: async (reference) =>
      sender.call({ operation: 'profile', method: 'DELETE', path: profilePath(reference) }, parseProfileDelete),
    bin: async (request) => sender.call({ operation: 'bin', method: 'GET', path: binPath(request) }, parseBin),
    openBatch: async (request) => changeBatch('openbatch', openBatchPath(request)),
    closeBatch: async (request) => changeBatch('closebatch', closeBatchPath(request)),
  };
}
