import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';

/**
 * The real gateway's public OpenAPI file as a validator: the conformance tests hold the
 * emulator's answers and the client's requests to it. The file is the service's own
 * publication (not ours to copy into the repository), so it is read where the project's shared
 * specifications live: `LANEPOINT_REFERENCE_DIR`, else `../shared/specs/reference` beside the
 * checkout, which is where CI has it.
 */
export const referenceDir = resolve(
  process.env.LANEPOINT_REFERENCE_DIR ?? join(process.cwd(), '..', 'shared', 'specs', 'reference'),
);
export const gatewayOpenApiPath = join(referenceDir, 'gateway', 'gateway-openapi.yaml');

/** Why a conformance test cannot run here, or undefined when the reference is present. */
export function referenceMissing(): string | undefined {
  if (existsSync(gatewayOpenApiPath)) return undefined;
  return `the gateway's OpenAPI file is not at ${gatewayOpenApiPath}: set LANEPOINT_REFERENCE_DIR to the folder holding gateway/gateway-openapi.yaml`;
}

type Method = 'get' | 'post' | 'put' | 'delete';

interface OpenApiOperation {
  readonly requestBody?: { content?: Record<string, { schema?: object }> };
  readonly responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

interface OpenApiDocument {
  readonly paths: Record<string, Partial<Record<Method, OpenApiOperation>>>;
  readonly components: { schemas: Record<string, object> };
}

export interface ReferenceOperation {
  /** The OpenAPI path template, e.g. `/cardconnect/rest/inquire/{retref}/{merchid}`. */
  readonly template: string;
  readonly method: Method;
}

/** One problem in words: where in the body, and what the reference wanted. */
export type SchemaProblem = string;

export interface GatewayReference {
  /** The operation a request line names, or undefined for a path the reference does not list. */
  operation(method: string, path: string): ReferenceOperation | undefined;
  /** Problems of an answer body against the schema the reference declares for that status. */
  checkResponse(method: string, path: string, status: number, body: unknown): SchemaProblem[];
  /** Problems of a request body against the operation's request schema. */
  checkRequest(method: string, path: string, body: unknown): SchemaProblem[];
  /** The statuses the reference declares for an operation. */
  statuses(method: string, path: string): number[];
  /**
   * Problems of a body against one named schema of `components/schemas`: for answers the
   * reference describes but does not attach to the operation (bin's "no information" answer),
   * and for the items of lists the reference declares as single objects (funding's txns).
   */
  checkComponent(schemaName: string, body: unknown): SchemaProblem[];
}

const documentId = 'gateway-openapi';

function describeProblem(error: {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}): SchemaProblem {
  const where = error.instancePath || '(body)';
  if (typeof error.params.additionalProperty === 'string')
    return `${error.instancePath}/${error.params.additionalProperty} is not a field of the reference`;
  return `${where} ${error.message ?? 'is invalid'}`;
}

/**
 * OpenAPI 3.0 schemas are JSON Schema with a few words of their own: `nullable` widens a type to
 * null, and `example`, `x-*` are annotations. Ajv runs them with strict mode off and `nullable`
 * rewritten into the type it means.
 */
function asJsonSchema(node: unknown, closed: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => asJsonSchema(item, closed));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'properties' ? mapValues(value, closed) : asJsonSchema(value, closed);
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  delete out.nullable;
  // Closed: a field the reference does not declare is a problem (the service would not know it).
  if (closed && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function mapValues(properties: unknown, closed: boolean): unknown {
  if (properties === null || typeof properties !== 'object') return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, asJsonSchema(schema, closed)]));
}

/** `/rest/x` is the emulator's own root; the reference names `/cardconnect/rest/x`. */
function referencePath(path: string): string {
  const bare = path.split('?')[0]!;
  return bare.startsWith('/rest/') ? `/cardconnect${bare}` : bare;
}

/** A path template of the reference (`/x/{a}/{b}`) as a pattern; each `{parameter}` segment is a capture group. */
export function pathTemplateMatcher(template: string): RegExp {
  const pattern = template
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`, 'i');
}

export interface ReferenceOptions {
  /** Report fields the reference does not declare (default true): a field it does not know is a defect. */
  readonly closed?: boolean;
}

/** Loads and compiles the reference; throws naming the file when it is missing or not YAML. */
export function loadGatewayReference(
  path = gatewayOpenApiPath,
  { closed = true }: ReferenceOptions = {},
): GatewayReference {
  const document = yaml.load(readFileSync(path, 'utf8')) as OpenApiDocument;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: documentId, components: asJsonSchema(document.components, closed) } as object);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    matcher: pathTemplateMatcher(template),
  }));
  const compiled = new Map<string, ValidateFunction>();

  const validatorFor = (schema: object): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      // Local references (#/components/...) resolve inside the registered document.
      const rooted = JSON.parse(
        JSON.stringify(asJsonSchema(schema, closed)).replaceAll('"$ref":"#/', `"$ref":"${documentId}#/`),
      ) as object;
      validate = ajv.compile(rooted);
      compiled.set(key, validate);
    }
    return validate;
  };

  const find = (method: string, path: string) => {
    const wanted = referencePath(path);
    const verb = method.toLowerCase() as Method;
    for (const { template, matcher } of templates) {
      const operation = document.paths[template]?.[verb];
      if (operation && matcher.test(wanted)) return { template, method: verb, operation };
    }
    return undefined;
  };

  const problems = (validate: ValidateFunction, body: unknown): SchemaProblem[] =>
    validate(body) ? [] : (validate.errors ?? []).map(describeProblem);

  return {
    operation(method, path) {
      const found = find(method, path);
      return found && { template: found.template, method: found.method };
    },
    statuses(method, path) {
      return Object.keys(find(method, path)?.operation.responses ?? {}).map(Number);
    },
    checkResponse(method, path, status, body) {
      const found = find(method, path);
      if (!found) return [`${method.toUpperCase()} ${path} is not an operation of the reference`];
      const declared = found.operation.responses?.[String(status)];
      if (!declared) return [`${method.toUpperCase()} ${found.template} declares no ${status} answer`];
      const schema = declared.content?.['application/json']?.schema;
      return schema ? problems(validatorFor(schema), body) : [];
    },
    checkComponent(schemaName, body) {
      if (!document.components.schemas[schemaName]) return [`the reference has no schema named ${schemaName}`];
      return problems(validatorFor({ $ref: `#/components/schemas/${schemaName}` }), body);
    },
    checkRequest(method, path, body) {
      const found = find(method, path);
      if (!found) return [`${method.toUpperCase()} ${path} is not an operation of the reference`];
      const schema = found.operation.requestBody?.content?.['application/json']?.schema;
      return schema ? problems(validatorFor(schema), body) : [];
    },
  };
}
