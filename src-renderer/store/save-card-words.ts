/**
 * The words the counter shows beside "Save card on file" (ADR 089): what the customer agrees to,
 * sent with the sale and journaled by the lane as the consent's "how".
 */
export const saveCardConsentWords =
  'I agree that this store keeps this card on file and charges it for my future purchases and the scheduled payments I agree to.';
