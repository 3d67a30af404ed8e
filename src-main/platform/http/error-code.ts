/**
 * The system error code (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`, ...) of a failed request:
 * fetch wraps the socket's error in `cause`, sometimes twice, so the chain is followed a few
 * levels down. Undefined when none carries a code.
 */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Codes that mean the connection was never made: the request certainly did not arrive. */
export const connectFailureCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Codes of a TLS handshake that failed: the request was never sent either. */
export const tlsFailureCodes: ReadonlySet<string> = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
