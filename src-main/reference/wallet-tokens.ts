/**
 * The two phone-wallet payment tokens as their publishers define them (FACTS.md, the wallets'
 * public token formats): the shapes the lane reads from a phone and training's phone makes.
 * Only the published format lives here; the lane's checks are in lane/wallet/payment-token.ts.
 */

/** The EC_v1 payment token (the one wallet's format): every binary value base64, the ids hex. */
export interface EcV1PaymentToken {
  readonly version: 'EC_v1';
  /** AES-256-GCM ciphertext followed by the 16-byte tag. */
  readonly data: string;
  /** Detached CMS SignedData (DER, base64). */
  readonly signature: string;
  readonly header: {
    /** SubjectPublicKeyInfo of the phone's ephemeral P-256 key. */
    readonly ephemeralPublicKey: string;
    /** SHA-256 of the merchant certificate's public key (base64); some API versions omit it. */
    readonly publicKeyHash?: string;
    /** Hex, generated on the device. */
    readonly transactionId: string;
    /** Hex SHA-256 of the payment request's applicationData, when it had one. */
    readonly applicationData?: string;
  };
}

/** The other wallet's ECv2 token: sent to the tokenizer whole, as its JSON text. */
export interface EcV2PaymentToken {
  readonly protocolVersion: 'ECv2';
  readonly signature: string;
  readonly intermediateSigningKey: { readonly signedKey: string; readonly signatures: readonly string[] };
  readonly signedMessage: string;
}
