import { X509Certificate } from 'node:crypto';

export interface EmulatorCertificate {
  /** PEM certificate: what a client adds to its trusted CAs. */
  readonly cert: string;
  /** PEM private key; never leaves the emulator. */
  readonly key: string;
  /** SHA-256 fingerprint, printed so a person can compare it. */
  readonly fingerprint256: string;
}

/**
 * A fresh self-signed certificate for 127.0.0.1, ::1 and localhost, for clients that insist
 * on https. Valid for 30 days from `now`; a new one is made at every start.
 */
export function generateEmulatorCertificate(now: number): Promise<EmulatorCertificate> {
  return generateLoopbackCertificate(now, 'Lanepoint gateway emulator', 30);
}

/** A self-signed certificate for the loopback names, valid `validityDays` from `now` (a minute before, for clock skew). */
export async function generateLoopbackCertificate(
  now: number,
  commonName: string,
  validityDays: number,
): Promise<EmulatorCertificate> {
  // Loaded here, not with the module: selfsigned brings a whole X.509 library (a third of a
  // second to load) that only a start needing a new certificate uses.
  const { default: selfsigned } = await import('selfsigned');
  const pems = await selfsigned.generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + validityDays * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private, fingerprint256: new X509Certificate(pems.cert).fingerprint256 };
}
