import type cardValidator from 'card-validator';

const products: Record<string, { product: string; label: string }> = {
  visa: { product: 'V', label: 'Visa' },
  mastercard: { product: 'M', label: 'Mastercard' },
  'american-express': { product: 'A', label: 'American Express' },
  discover: { product: 'D', label: 'Discover' },
  'diners-club': { product: 'N', label: 'Diners Club' },
  jcb: { product: 'J', label: 'JCB' },
};

/** The BIN fields the emulator answers when bin is Y: the first six digits and what they say. */
export function binFields(number: string, card: ReturnType<typeof cardValidator.number>['card']) {
  const known = card ? products[card.type] : undefined;
  const bin = number.slice(0, 6);
  return {
    bin,
    binInfo: [
      {
        bin,
        country: 'USA',
        product: known?.product ?? 'X',
        cardusestring: known ? `${known.label} Credit` : 'Unknown',
        corporate: false,
        purchase: false,
        prepaid: false,
        gsa: false,
        fsa: false,
      },
    ],
  };
}
