import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGatewayReference, referenceDir, type GatewayReference } from './gateway-reference';

/**
 * The real tokenizer's public OpenAPI file, read from the shared reference folder like the
 * gateway's (not copied into the repository), as a validator of the tokenizer emulator's answers
 * and the tokenizer client's requests.
 */
export const tokenizerOpenApiPath = join(referenceDir, 'wallet', 'tokenizer-openapi.yaml');

/** Why the tokenizer's conformance checks cannot run here, or undefined when the file is present. */
export function tokenizerReferenceMissing(): string | undefined {
  if (existsSync(tokenizerOpenApiPath)) return undefined;
  return `the tokenizer's OpenAPI file is not at ${tokenizerOpenApiPath}: set LANEPOINT_REFERENCE_DIR to the folder holding wallet/tokenizer-openapi.yaml`;
}

/** The tokenizer's reference as a validator (closed: a field it does not declare is a problem). */
export function loadTokenizerReference(): GatewayReference {
  return loadGatewayReference(tokenizerOpenApiPath);
}
