import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGatewayReference, referenceDir, type GatewayReference } from './gateway-reference';

/** The boarding service's OpenAPI file, beside the gateway's in the shared reference folder. */
export const boardingOpenApiPath = join(referenceDir, 'boarding', 'boarding-openapi.yaml');

/** Why the boarding conformance test cannot run here, or undefined when the file is present. */
export function boardingReferenceMissing(): string | undefined {
  return existsSync(boardingOpenApiPath)
    ? undefined
    : `the boarding OpenAPI file is not at ${boardingOpenApiPath}: set LANEPOINT_REFERENCE_DIR`;
}

/**
 * The boarding reference as a validator (the gateway loader serves any OpenAPI file). Open, not
 * closed: the reference leaves `errors` out of most answers, which every answer carries (FACTS).
 */
export function loadBoardingReference(): GatewayReference {
  return loadGatewayReference(boardingOpenApiPath, { closed: false });
}

/**
 * The body with its null fields left out. The reference declares no field nullable, yet its own
 * examples answer null for what has not happened (`cancelledDatetime: null`, `"errors": null`):
 * a null is judged as the field being absent, every other value by its schema.
 */
export function withoutNulls(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutNulls);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [key, withoutNulls(value)]),
  );
}
