import { describe, expect, it } from 'vitest';
import { parseBin } from '../../../../src-main/lane/gateway/bin';
import { ProtocolError } from '../../../../src-main/lane/gateway/errors';
import { parseFunding } from '../../../../src-main/lane/gateway/funding';
import { parseProfileDelete, parseProfileSave } from '../../../../src-main/lane/gateway/profiles';
import { parseSigcap } from '../../../../src-main/lane/gateway/sigcap';

describe('service answers that are not the documented object', () => {
  it.each<[string, (json: unknown, raw: string) => unknown]>([
    ['sigcap', parseSigcap],
    ['bin', parseBin],
    ['funding', parseFunding],
    ['profile', parseProfileSave],
    ['profile', parseProfileDelete],
  ])('%s answers a ProtocolError naming the call and the problem', (operation, parse) => {
    for (const json of ['Not found', [{ respcode: '00' }], null]) {
      expect(() => parse(json, JSON.stringify(json))).toThrow(ProtocolError);
      expect(() => parse(json, JSON.stringify(json))).toThrow(new RegExp(`^${operation}: unexpected answer \\(.+\\)$`));
    }
  });
});
