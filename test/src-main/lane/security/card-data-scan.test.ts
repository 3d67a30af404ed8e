import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { scanPaths, scanText } from '../../../../src-main/lane/security/card-data-scan';
import { fakeIo } from '../../../support/cli-io';

describe('the card-data scan', () => {
  it('finds the test deck’s numbers, grouped or not, and clear track data, and says where without repeating them', () => {
    const text = [
      'ok line',
      'card 4788250000121443 here',
      'amex 3714 496353 98431',
      '%B5454545454545454^DOE/PAT^28121010000000000000?',
      ';6011000995500000=28121010000000000000?',
    ].join('\n');
    const findings = scanText(text, 'log.txt');
    expect(findings.map((finding) => [finding.line, finding.kind, finding.hint])).toEqual([
      [2, 'card-number', 'ending 1443'],
      [3, 'card-number', 'ending 8431'],
      [5, 'card-number', 'ending 0000'],
      [4, 'track-data', 'track 1'],
      [5, 'track-data', 'track 2'],
    ]);
    expect(JSON.stringify(findings)).not.toMatch(/4788250000121443|5454545454545454/);
  });

  it('finds a CVV kept by name, in JSON or a log line', () => {
    expect(scanText('{"account":"x","cvv":"112"}').map((finding) => finding.kind)).toEqual(['cvv']);
    expect(scanText('request cvv2=1234 sent').map((finding) => finding.hint)).toEqual(['cvv2 value']);
    expect(scanText('the CVV was not kept')).toEqual([]);
  });

  it("finds the boarding service's tokens and client secret, and a wallet's encrypted payment, and names only what they are", () => {
    const header = Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url');
    const claims = Buffer.from('{"sub":"reseller","exp":1795384218}').toString('base64url');
    const jwt = `${header}.${claims}.c2lnbmF0dXJlLW9mLXRoZS1pc3N1ZXI`;
    const text = [
      `Authorization: Bearer ${jwt}`,
      'grant_type=password&client_id=lanepoint&client_secret=s3cr3t-Value-9',
      '{"access_token":"opaque-but-secret-value","token_type":"bearer"}',
      '{"paymentData":{"ephemeralPublicKey":"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEabcd","data":"x"}}',
      'devicedata=bXkgZW5jcnlwdGVkIHBheW1lbnQgZGF0YQ==&ectype=apple',
    ].join('\n');
    const findings = scanText(text, 'log.txt');
    expect(findings.map((finding) => [finding.line, finding.kind, finding.hint])).toEqual([
      [1, 'bearer-token', 'a signed token'],
      [2, 'secret', 'client_secret value'],
      [3, 'secret', 'access_token value'],
      [4, 'wallet-payload', 'ephemeralPublicKey value'],
      [5, 'wallet-payload', 'devicedata value'],
    ]);
    expect(JSON.stringify(findings)).not.toMatch(/s3cr3t|opaque-but|MFkwEwYH|eyJ/);
  });

  it('leaves alone a masked or empty credential and the names alone', () => {
    const text = [
      '{"clientSecret":"********"}',
      'client_secret=<set in the secret store>',
      '"access_token": ""',
      'the devicedata field is built by the spec',
      'set LANEPOINT_BOARDING_CLIENT_SECRET to the reseller secret',
    ].join('\n');
    expect(scanText(text)).toEqual([]);
  });

  it('leaves alone what only looks like one: masked numbers, order ids, durations, timestamps, hashes', () => {
    const text = [
      '478825******1443',
      'LANE01-261122-50401',
      '"duration": 270.4788250000121443',
      '"startTime": 1795384218123',
      'sha 9f4788250000121443ab',
      'retref 112233445566',
      '%*6011********6668^DISCOVER TEST CARD^***************?',
    ].join('\n');
    expect(scanText(text)).toEqual([]);
  });

  it('reads journals as bytes, logs and reports as text, and skips images and the gateway’s own store', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scan-'));
    mkdirSync(join(dir, 'nested'));
    const db = new Database(join(dir, 'nested', 'journal.sqlite'));
    db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('pan 4788250000121443')");
    db.close();
    writeFileSync(join(dir, 'lane.log'), '{"msg":"sale","track":";5454545454545454=2812101?"}\n');
    writeFileSync(join(dir, 'screen.png'), '4788250000121443');
    writeFileSync(join(dir, 'training-gateway.sqlite'), '4788250000121443');
    mkdirSync(join(dir, 'lanepoint-emulator-x'));
    writeFileSync(join(dir, 'lanepoint-emulator-x', 'training.sqlite'), '4788250000121443');
    writeFileSync(join(dir, 'test-cards.json'), '{"pan":"4788250000121443","cvv":"112"}');
    writeFileSync(join(dir, 'clean.json'), '{"maskedPan":"478825******1443"}');
    const { findings, filesRead } = scanPaths([dir]);
    // The planted card data must not outlive the test: the suite's own scan would find it.
    rmSync(dir, { recursive: true });
    expect(filesRead).toBe(3);
    expect(findings.map((finding) => [finding.file.slice(dir.length + 1), finding.kind])).toEqual([
      ['lane.log', 'card-number'],
      ['lane.log', 'track-data'],
      [join('nested', 'journal.sqlite'), 'card-number'],
    ]);
  });

  it('does not follow links: a linked folder (a test checkout linking node_modules) is scanned where it is, not through the link', () => {
    const outside = mkdtempSync(join(tmpdir(), 'scan-outside-'));
    writeFileSync(join(outside, 'README.md'), 'Try the test card 4111111111111111.\n');
    const dir = mkdtempSync(join(tmpdir(), 'scan-links-'));
    symlinkSync(outside, join(dir, 'node_modules'), 'dir');
    symlinkSync(join(outside, 'README.md'), join(dir, 'linked.md'));
    writeFileSync(join(dir, 'clean.log'), '{"msg":"sale","maskedPan":"411111******1111"}\n');
    const { findings, filesRead } = scanPaths([dir]);
    rmSync(dir, { recursive: true });
    rmSync(outside, { recursive: true });
    expect(findings).toEqual([]);
    expect(filesRead).toBe(1);
  });

  it('runs as lanepoint scan: exit 1 with file and line, 0 with the count when clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scan-cli-'));
    writeFileSync(join(dir, 'report.json'), '{\n"card":"371449635398431"\n}');
    const dirty = fakeIo();
    expect(await runCli(['scan', dir], dirty.io)).toBe(1);
    expect(dirty.out).toEqual([`${join(dir, 'report.json')}:2  card-number  ending 8431`]);
    // Rewritten clean at once: the suite's own scan must not find it.
    writeFileSync(join(dir, 'report.json'), '{"card":"3714********8431"}');
    const clean = fakeIo();
    expect(await runCli(['scan', dir], clean.io)).toBe(0);
    expect(clean.err).toEqual(['scan: no card data, credentials or wallet data in 1 files']);
  });
});
