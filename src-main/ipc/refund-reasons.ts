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
