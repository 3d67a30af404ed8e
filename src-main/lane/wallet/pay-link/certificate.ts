import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../platform/private-file';
import { LaneError } from '../../errors';
import { generateLoopbackCertificate } from '../../../platform/tls';

/** The pay page's certificate and key (PEM). */
export interface PayLinkCertificate {
  readonly cert: string;
  readonly key: string;
}

export const trainingCertificateFile = 'pay-link-training.pem';
const validityDays = 365;

/**
 * Training's pay-link certificate: self-signed for the loopback names, made at first start into
 * `folder` (one 0600 file with the key, never committed), made again when unreadable or out of
 * date. Without a folder (tests) a fresh one is made each start.
 */
export async function trainingPayLinkCertificate(folder: string | undefined, now: number): Promise<PayLinkCertificate> {
  const file = folder ? join(folder, trainingCertificateFile) : undefined;
  if (file && existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as PayLinkCertificate;
      const certificate = new X509Certificate(stored.cert);
      if (Date.parse(certificate.validFrom) <= now && now < Date.parse(certificate.validTo) - 24 * 60 * 60 * 1000)
        return { cert: stored.cert, key: stored.key };
    } catch {
      // Unreadable: made again below; nothing depends on keeping training's certificate.
    }
  }
  const made = await generateLoopbackCertificate(now, 'Lanepoint pay link (training)', validityDays);
  const certificate = { cert: made.cert, key: made.key };
  if (file) writeFileAtomic(file, `${JSON.stringify(certificate)}\n`, 0o600);
  return certificate;
}

/** A live lane's certificate and key from the files the settings name; refused naming the setting when unreadable. */
export function payLinkCertificateFromFiles(certificateFile: string, keyFile: string): PayLinkCertificate {
  const read = (file: string, setting: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new LaneError(
        'refused',
        `The pay page's ${setting === 'wallet.keyFile' ? 'key' : 'certificate'} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): fix the setting ${setting}.`,
      );
    }
  };
  const cert = read(certificateFile, 'wallet.certificateFile');
  const key = read(keyFile, 'wallet.keyFile');
  try {
    new X509Certificate(cert);
  } catch {
    throw new LaneError(
      'refused',
      `${certificateFile} is not a PEM certificate: fix the setting wallet.certificateFile.`,
    );
  }
  return { cert, key };
}
