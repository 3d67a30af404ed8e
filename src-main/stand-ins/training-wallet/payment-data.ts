import { PaymentDataError } from './ec-v1-crypto';

/** The decrypted payment data's fields, as the wallet lays them out. */
export interface EcV1PaymentData {
  readonly applicationPrimaryAccountNumber: string;
  readonly applicationExpirationDate: string;
  readonly currencyCode: string;
  readonly transactionAmount: number;
  readonly deviceManufacturerIdentifier: string;
  readonly paymentDataType: string;
  readonly paymentData: { readonly onlinePaymentCryptogram?: string };
}

/** Reads decrypted payment data; throws PaymentDataError naming the first field that is missing or wrong (never its value). */
export function readPaymentData(plaintext: string): EcV1PaymentData {
  let data: Partial<EcV1PaymentData>;
  try {
    data = JSON.parse(plaintext) as Partial<EcV1PaymentData>;
  } catch {
    throw new PaymentDataError('the decrypted payment data is not JSON');
  }
  if (
    typeof data.applicationPrimaryAccountNumber !== 'string' ||
    !/^\d{12,19}$/.test(data.applicationPrimaryAccountNumber)
  ) {
    throw new PaymentDataError('applicationPrimaryAccountNumber must be 12 to 19 digits');
  }
  if (
    typeof data.applicationExpirationDate !== 'string' ||
    !/^\d{2}(0[1-9]|1[0-2])\d{2}$/.test(data.applicationExpirationDate)
  ) {
    throw new PaymentDataError('applicationExpirationDate must be YYMMDD');
  }
  return data as EcV1PaymentData;
}
