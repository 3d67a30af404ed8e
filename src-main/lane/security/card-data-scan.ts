import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import cardValidator from 'card-validator';

/** One place where card data was found. The match itself is never repeated: only what and where. */
export interface CardDataFinding {
  readonly file: string;
  /** 1-based line of the text (for a binary file, of its bytes read as Latin-1). */
  readonly line: number;
  readonly kind: 'card-number' | 'track-data' | 'cvv' | 'bearer-token' | 'secret' | 'wallet-payload';
  /** The last four digits at most, for whoever has to find it. */
  readonly hint: string;
}

/**
 * Card numbers: runs of 13 to 19 digits (spaces or dashes between groups allowed) that
 * card-validator accepts, a known brand's prefix and length with a good Luhn check digit. A run
 * that is part of a decimal number (a duration in a test report) or glued to letters (a hash, a
 * token) is not one; a number inside track 1 (%B...) is reported as the track.
 */
const digitRun = /(?<![\w.])\d(?:[ -]?\d){12,18}(?![\w.]|[ -]\d)/g;
/** Track 1 (%B + number + ^) and track 2 (; + number + = + expiry) with clear digits. */
const trackPatterns = [/%B\d{13,19}\^/g, /;\d{13,19}=\d{4}/g];
/** A CVV kept beside its name: JSON ("cvv": "123"), a query or a log line (cvv=123, CVV2: 123). */
const cvvPattern = /["']?\b(?:cvv2?|cvc2?|cid)["']?\s*[:=]\s*["']?\d{3,4}\b/gi;

/** A signed token (the boarding service's JWTs): header and claims are Base64url JSON, so both start "eyJ". */
const jwtPattern = /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{16,}/g;
/**
 * A credential kept beside its name, as a form post, JSON or a log line would carry it: the
 * boarding service's client secret, an access or refresh token. An empty value, a mask or a
 * placeholder in angle brackets is no secret.
 */
const secretPattern =
  /["']?\b(client_secret|clientSecret|access_token|refresh_token|accessToken|refreshToken)["']?\s*[:=]\s*["']?(?![*•<])[^\s"'&,}]{6,}/g;
/** A wallet's encrypted payment, by the name of its parts: the ephemeral key, the data, the devicedata. */
const walletPayloadPattern =
  /["']?\b(ephemeralPublicKey|devicedata|paymentData|signedMessage)["']?\s*[:=]\s*["']?[\w+/=-]{24,}/g;

/**
 * Every named pattern the scan looks for beyond card numbers, with what a finding says of it. A
 * wallet's single-use token has the shape of the gateway's own tokens (16 digits from 9), which
 * the lane may keep, so it cannot be told apart here: the wallet tests look for the one they made.
 */
const namedPatterns: ReadonlyArray<{
  readonly pattern: RegExp;
  readonly kind: CardDataFinding['kind'];
  readonly hint: (match: RegExpMatchArray) => string;
}> = [
  { pattern: jwtPattern, kind: 'bearer-token', hint: () => 'a signed token' },
  { pattern: secretPattern, kind: 'secret', hint: (match) => `${match[1]} value` },
  { pattern: walletPayloadPattern, kind: 'wallet-payload', hint: (match) => `${match[1]} value` },
];

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Finds card numbers, clear track data, CVVs, credentials and wallet data in a text. */
export function scanText(text: string, file = '(text)'): CardDataFinding[] {
  const findings: CardDataFinding[] = [];
  for (const match of text.matchAll(digitRun)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (cardValidator.number(digits).isValid)
      findings.push({ file, line: lineOf(text, match.index), kind: 'card-number', hint: `ending ${digits.slice(-4)}` });
  }
  for (const pattern of trackPatterns) {
    for (const match of text.matchAll(pattern))
      findings.push({
        file,
        line: lineOf(text, match.index),
        kind: 'track-data',
        hint: match[0].startsWith('%') ? 'track 1' : 'track 2',
      });
  }
  for (const match of text.matchAll(cvvPattern))
    findings.push({
      file,
      line: lineOf(text, match.index),
      kind: 'cvv',
      hint: `${(/cvv2?|cvc2?|cid/i.exec(match[0])?.[0] ?? 'cvv').toLowerCase()} value`,
    });
  for (const { pattern, kind, hint } of namedPatterns) {
    for (const match of text.matchAll(pattern))
      findings.push({ file, line: lineOf(text, match.index), kind, hint: hint(match) });
  }
  return findings;
}

/**
 * Which files are read, and how. Journals (SQLite and its WAL) are read as bytes, since
 * SQLite keeps text as UTF-8 in its pages; logs and reports as text. Images and other binary
 * files are not read (a PNG's pixels are compressed; the screens show masked numbers only).
 * Two kinds of file hold test card numbers by design and are not the lane's: the gateway
 * emulator's store (a file or folder named for the gateway or the emulator), which plays the
 * gateway's vault, and the training card deck (`test-cards.json`).
 */
export function scannedAs(file: string): 'bytes' | 'text' | undefined {
  const name = basename(file).toLowerCase();
  if (name === 'test-cards.json') return undefined;
  if (/\.sqlite/.test(name) && file.split(/[\\/]/).some((part) => /gateway|emulator/i.test(part))) return undefined;
  if (/\.(sqlite|sqlite-wal|sqlite-journal|db|db-wal)$/.test(name)) return 'bytes';
  if (['.json', '.jsonl', '.ndjson', '.log', '.txt', '.csv', '.html', '.xml', '.md'].includes(extname(name)))
    return 'text';
  return undefined;
}

/** Scans files and folders (recursively). Returns the findings and how many files were read. */
export function scanPaths(paths: readonly string[]): { findings: CardDataFinding[]; filesRead: number } {
  const findings: CardDataFinding[] = [];
  let filesRead = 0;
  const visit = (path: string) => {
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      return; // gone between listing and reading (a test's temporary file)
    }
    // A link is not what was written here: it points elsewhere (a test's checkout-shaped folder
    // links node_modules, whose READMEs quote test cards); what it names is scanned where it is.
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    const how = scannedAs(path);
    if (!how || !stats.isFile()) return;
    const content = readFileSync(path);
    filesRead++;
    findings.push(...scanText(content.toString(how === 'bytes' ? 'latin1' : 'utf8'), path));
  };
  for (const path of paths) visit(path);
  return { findings, filesRead };
}
