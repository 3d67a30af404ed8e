import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeTlv,
  findTlv,
  parseTlv,
  parseTlvHex,
  type TlvInput,
  type TlvNode,
} from '../../../drivers/card-reader/tlv';
import { malformedError } from './malformed';

const hexOf = (node: TlvNode | undefined) => (node ? Buffer.from(node.value).toString('hex').toUpperCase() : undefined);

function malformedOffset(run: () => unknown): number | undefined {
  const error = malformedError(run);
  if (!error) throw new Error('expected a malformed error');
  return error.offset ?? -1;
}

describe('parseTlvHex', () => {
  it('reads primitive and multi-byte tags', () => {
    const nodes = parseTlvHex('4F07A0000000031010 500B56495341204352454449549F3403 1E0300 DFEE1203 010203');
    expect(nodes.map((n) => n.tag)).toEqual(['4F', '50', '9F34', 'DFEE12']);
    expect(hexOf(nodes[0])).toBe('A0000000031010');
    expect(Buffer.from(nodes[1]!.value).toString('latin1')).toBe('VISA CREDIT');
    expect(hexOf(nodes[2])).toBe('1E0300');
    expect(hexOf(nodes[3])).toBe('010203');
  });

  it('reads constructed templates and finds tags inside them', () => {
    const nodes = parseTlvHex('7016 5A08 4761739001010010 5F2403 251231 9F3403 1F0302');
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ tag: '70', constructed: true });
    expect(nodes[0]!.children!.map((n) => n.tag)).toEqual(['5A', '5F24', '9F34']);
    expect(hexOf(findTlv(nodes, '5f24'))).toBe('251231');
    expect(findTlv(nodes, '9F26')).toBeUndefined();
  });

  it('reads lengths in one, two and three bytes after 81, 82 and 83', () => {
    const long = 'AB'.repeat(200);
    expect(parseTlvHex(`DF0181C8${long}`)[0]!.value).toHaveLength(200);
    expect(parseTlvHex(`DF018200C8${long}`)[0]!.value).toHaveLength(200);
    expect(parseTlvHex(`DF01830000C8${long}`)[0]!.value).toHaveLength(200);
  });

  it('skips 00 and FF padding before, between and after objects', () => {
    expect(parseTlvHex('0000FF 9F3403 1E0300 00FF00 9501 80 FFFF').map((n) => n.tag)).toEqual(['9F34', '95']);
  });

  it.each([
    ['a value that runs past the end', '9F3405 1E03', 3],
    ['a length that runs past the end', '9F3482 01', 3],
    ['an indefinite length', '70 80 9501 80 0000', 1],
    ['a four-byte length', '9F34 84 00000001 AA', 2],
    ['a tag that never ends', '9F', 0],
    ['a tag longer than three bytes', '9F8181 01 01 AA', 0],
    ['a tag with no length', '95', 1],
  ])('refuses %s, naming the offset', (_what, text, offset) => {
    expect(malformedOffset(() => parseTlvHex(text))).toBe(offset);
  });

  it('refuses odd or non-hex text', () => {
    expect(malformedOffset(() => parseTlvHex('9F3403 1E030'))).toBe(-1);
    expect(malformedOffset(() => parseTlvHex('9F34 03 1E03ZZ'))).toBe(-1);
  });

  it('caps template depth and the number of objects', () => {
    let nested = '9501 80';
    for (let i = 0; i < 12; i++)
      nested = `70${(nested.replace(/\s/g, '').length / 2).toString(16).padStart(2, '0')}${nested}`;
    expect(() => parseTlvHex(nested)).toThrow(/nested deeper/);
    expect(() => parseTlvHex('9501 80'.repeat(600))).toThrow(/too many/);
    expect(parseTlvHex('9501 80'.repeat(600), { maxNodes: 1000 })).toHaveLength(600);
  });
});

// Arbitrary TLV trees with valid tags: primitive tags with bit 0x20 clear, templates with it set.
const primitiveTag = fc.oneof(
  fc
    .integer({ min: 0x01, max: 0x1e })
    .map((b) => b | 0x40)
    .map((b) => b.toString(16).padStart(2, '0')),
  fc.integer({ min: 0x01, max: 0x7f }).map((b) => `9F${b.toString(16).padStart(2, '0')}`),
  fc.integer({ min: 0x01, max: 0x7f }).map((b) => `DFEE${b.toString(16).padStart(2, '0')}`),
);
const constructedTag = fc.constantFrom('70', '77', '6F', 'A5', 'BF0C');
const tree: fc.Arbitrary<TlvInput[]> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ tag: primitiveTag, value: fc.uint8Array({ maxLength: 300 }) }),
    fc.record({ tag: constructedTag, children: tie('nodes') as fc.Arbitrary<TlvInput[]> }),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }),
})).nodes as fc.Arbitrary<TlvInput[]>;

function simplify(nodes: readonly TlvNode[]): unknown[] {
  return nodes.map((n) =>
    n.children
      ? { tag: n.tag, children: simplify(n.children) }
      : { tag: n.tag, value: Buffer.from(n.value).toString('hex') },
  );
}
function simplifyInput(nodes: readonly TlvInput[]): unknown[] {
  return nodes.map((n) =>
    'children' in n
      ? { tag: n.tag.toUpperCase(), children: simplifyInput(n.children) }
      : { tag: n.tag.toUpperCase(), value: Buffer.from(n.value).toString('hex') },
  );
}

describe('parseTlv properties', () => {
  it('reads back whatever encodeTlv wrote', () => {
    fc.assert(
      fc.property(tree, (input) => {
        expect(simplify(parseTlv(encodeTlv(input)))).toEqual(simplifyInput(input));
      }),
      { numRuns: 300 },
    );
  });

  it('is unchanged by padding between objects', () => {
    fc.assert(
      fc.property(tree, fc.array(fc.constantFrom(0x00, 0xff), { maxLength: 4 }), (input, pad) => {
        const pieces = input.map((object) => encodeTlv([object]));
        const padded = Uint8Array.from(pieces.flatMap((piece) => [...pad, ...piece]).concat(pad));
        expect(simplify(parseTlv(padded))).toEqual(simplifyInput(input));
      }),
      { numRuns: 200 },
    );
  });

  it('answers random bytes with objects or a malformed error, never anything else, and always ends', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        malformedError(() => parseTlv(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every truncation inside the last object', () => {
    fc.assert(
      fc.property(
        tree.filter((t) => t.length > 0),
        (input) => {
          const bytes = encodeTlv(input);
          const lastStart = bytes.length - encodeTlv([input[input.length - 1]!]).length;
          // A cut anywhere inside the last object leaves a tag (never 00/FF) without its whole value.
          for (let cut = lastStart + 1; cut < bytes.length; cut++) {
            expect(malformedOffset(() => parseTlv(bytes.subarray(0, cut)))).toBeGreaterThanOrEqual(lastStart);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
