/**
 * Why money goes back: the one list of refund reasons and their words. Pure and import-free like
 * cart.ts and money.ts, so the refund dialog lists, History shows and the refund slip prints the
 * same words (eslint.config.ts lets the renderer import its values).
 */

/** Why money goes back, from a short list: the journal keeps it and the refund slip prints it. */
export const refundReasons = ['returned', 'damaged', 'wrong-amount', 'charged-twice', 'goodwill'] as const;
export type RefundReason = (typeof refundReasons)[number];

/** The reasons in the words the slip prints, the refund dialog offers and History shows. */
export const refundReasonWords: Record<RefundReason, string> = {
  returned: 'Goods returned',
  damaged: 'Damaged or faulty',
  'wrong-amount': 'Charged the wrong amount',
  'charged-twice': 'Charged twice',
  goodwill: 'Goodwill',
};

/**
 * Why a sale is voided, from a short list: a void moves the whole sale back at once, so the
 * journal keeps why beside it, as a refund keeps its reason.
 */
export const voidReasons = [
  'customer-canceled',
  'wrong-amount',
  'charged-twice',
  'paid-another-way',
  'customer-left',
] as const;
export type VoidReason = (typeof voidReasons)[number];

/** The void reasons in the words the void dialog offers and History shows. */
export const voidReasonWords: Record<VoidReason, string> = {
  'customer-canceled': 'The customer canceled the sale',
  'wrong-amount': 'Charged the wrong amount',
  'charged-twice': 'Charged twice',
  'paid-another-way': 'The customer paid another way',
  'customer-left': 'The customer left without the goods',
};
