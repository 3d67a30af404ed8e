/**
 * Visa decline categories, from response-codes.md ("Visa Decline Category Codes": the First
 * Data North and First Data Rapid Connect tabs) and the changelog (7/13/2024). Returned only
 * for declined Visa authorizations.
 *
 * Where the reference disagrees with itself: the categories' texts follow the OpenAPI file and
 * the changelog ("Do not retry", ...), not the longer wording in response-codes.md's first
 * table; the RPCT tab's row "109 Do no honor" is taken by its code, 109 (RPCT's "Do not honor"
 * is 100, which therefore has no category and answers the UAT's "4").
 */
const categoryByCode: Record<'RPCT' | 'FNOR', Readonly<Record<string, '1' | '2' | '3'>>> = {
  FNOR: { '12': '1', '57': '1', '63': '1', '03': '2', '28': '2', '61': '2', '91': '2', '14': '3', '54': '3' },
  RPCT: {
    '102': '1',
    '208': '1',
    '209': '1',
    '704': '1',
    '902': '1',
    '109': '2',
    '116': '2',
    '512': '2',
    '101': '3',
    '117': '3',
    '131': '3',
  },
};

const categoryTexts = { '1': 'Do not retry', '2': 'Wait to retry', '3': 'Fix the request and retry' } as const;

/**
 * declineCategory and its text for a processor decline of a Visa card, or undefined. Rapid
 * Connect's UAT answers category "4" with an empty text for codes outside the table (changelog:
 * 'For First Data Rapid Connect UAT transactions only, "declineCategory":"4" and
 * "declineCategoryText":"" may be returned').
 */
export function visaDeclineCategory(
  platform: string,
  respcode: string,
): { declineCategory: string; declineCategoryText: string } | undefined {
  const rpct = platform === 'RPCT';
  const category = categoryByCode[rpct ? 'RPCT' : 'FNOR'][respcode];
  if (category) return { declineCategory: category, declineCategoryText: categoryTexts[category] };
  return rpct ? { declineCategory: '4', declineCategoryText: '' } : undefined;
}
