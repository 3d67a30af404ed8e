/**
 * An operation in one word, as the recovery notices name the payment they speak of: an automatic
 * void after a lost answer is still a void to the cashier. (History's longer words are its own.)
 */
export const recoveryOperationWords = {
  auth: 'Sale',
  capture: 'Capture',
  void: 'Void',
  refund: 'Refund',
  voidByOrderId: 'Void',
} as const;
