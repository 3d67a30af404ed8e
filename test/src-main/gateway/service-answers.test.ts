import { describe, expect, it } from 'vitest';
import { parseBin } from '../../../src-main/gateway/bin';
import { ProtocolError } from '../../../src-main/gateway/errors';
import { parseFunding } from '../../../src-main/gateway/funding';
import { parseProfileDelete, parseProfileSave } from '../../../src-main/gateway/profiles';
import { parseSigcap } from '../../../src-main/gateway/sigcap';

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
