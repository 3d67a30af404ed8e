import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { pathTemplateMatcher, referenceDir } from './gateway-reference';

/**
 * The CardPointe Integrated Terminal API's public OpenAPI file (terminal/terminal-openapi.yaml
 * in the shared reference folder, read where it lives like the gateway's) as a checker of the
 * terminal client's requests and a source of the example answers the client must read.
 *
 * The file's schemas cannot be run as JSON Schema: they type amounts as integers and flags as
 * booleans while the API overview says "ALL properties are encoded as US ASCII strings", and
 * they declare no `required` lists, only "Required Field" in descriptions. So a request body is
 * checked here by the rules the reference states: every property declared (the schemas are
 * closed), every value a string (an array property: strings; an object property: string
 * values), the fields a description calls required present, and string lengths within maxLength.
 */
export const terminalOpenApiPath = join(referenceDir, 'terminal', 'terminal-openapi.yaml');

/** Why the terminal conformance test cannot run here, or undefined when the file is present. */
export function terminalReferenceMissing(): string | undefined {
  if (existsSync(terminalOpenApiPath)) return undefined;
  return `the terminal API's OpenAPI file is not at ${terminalOpenApiPath}: set LANEPOINT_REFERENCE_DIR to the folder holding terminal/terminal-openapi.yaml`;
}

interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly description?: string;
  readonly maxLength?: number;
  readonly example?: unknown;
  readonly properties?: Record<string, Schema>;
}

interface Parameter {
  readonly $ref?: string;
  readonly name?: string;
  readonly in?: string;
  readonly required?: boolean;
  readonly schema?: { readonly enum?: readonly string[] };
}

interface Operation {
  readonly 'x-proxy-name'?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: {
    content?: Record<string, { schema?: Schema; examples?: Record<string, { $ref?: string }> }>;
  };
  readonly responses?: Record<
    string,
    { content?: Record<string, { schema?: Schema }>; headers?: Record<string, { schema?: Schema }> }
  >;
}

interface Document {
  readonly paths: Record<string, { post?: Operation }>;
  readonly components: {
    readonly schemas: Record<string, Schema>;
    readonly parameters: Record<string, Parameter>;
    readonly examples: Record<string, { value?: unknown }>;
    readonly responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  };
}

/** One example answer of the reference: where it is written, the operation and status it answers. */
export interface ExampleAnswer {
  readonly source: string;
  /** The operation's x-proxy-name, e.g. "authCard". */
  readonly operation: string;
  readonly status: number;
  readonly body: unknown;
}

export interface TerminalReference {
  /** The x-proxy-name of each operation, by its path. */
  readonly operations: ReadonlyMap<string, string>;
  /** Problems of one request: its method and path, required headers and body. */
  checkRequest(
    method: string,
    path: string,
    headers: Readonly<Record<string, string | undefined>>,
    body: unknown,
  ): string[];
  /** Every example answer the reference gives, built from the answer schemas' examples and its example sections. */
  readonly exampleAnswers: readonly ExampleAnswer[];
  /** connect's X-CardConnect-SessionKey examples, as written. */
  readonly sessionKeyExamples: readonly string[];
  /** Example sections that answer no operation and are no operation's request example. */
  readonly unattachedExamples: readonly string[];
  /** Where the YAML was mended before reading (see `mendBracedLists`). */
  readonly mended: number;
}

/**
 * Some examples write a list inside braces, `{ [ "a", "b" ] }`, which YAML reads as a mapping
 * whose one key is the list: the list the author meant is lost. The braces are taken off before
 * reading, and how many were is reported.
 */
function mendBracedLists(text: string): { text: string; mended: number } {
  let out = '';
  let mended = 0;
  let index = 0;
  const opening = /\{\s*\[/g;
  for (let match = opening.exec(text); match; match = opening.exec(text)) {
    const listStart = match.index + match[0].length - 1;
    let depth = 0;
    let listEnd = -1;
    for (let at = listStart; at < text.length; at++) {
      if (text[at] === '[') depth++;
      if (text[at] === ']' && --depth === 0) {
        listEnd = at;
        break;
      }
    }
    const closing = listEnd < 0 ? null : /^\s*\}/.exec(text.slice(listEnd + 1));
    if (!closing) continue;
    out += text.slice(index, match.index) + text.slice(listStart, listEnd + 1);
    index = listEnd + 1 + closing[0].length;
    opening.lastIndex = index;
    mended++;
  }
  return { text: out + text.slice(index), mended };
}

/** "Required Field" (bold or not) or "required for all requests" in a property's description. */
function isRequired(schema: Schema): boolean {
  const description = schema.description ?? '';
  return /^\s*\**Required Field/.test(description) || /required for all requests/i.test(description);
}

export function loadTerminalReference(path = terminalOpenApiPath): TerminalReference {
  const { text, mended } = mendBracedLists(readFileSync(path, 'utf8'));
  const document = yaml.load(text) as Document;
  const { components } = document;
  const resolve = <T extends { $ref?: string }>(node: T): T => {
    if (!node.$ref) return node;
    const [, section, name] = node.$ref.split('/').slice(1);
    const target = (components as unknown as Record<string, Record<string, T>>)[section!]?.[name!];
    if (!target) throw new Error(`${path}: ${node.$ref} does not resolve`);
    return resolve(target);
  };

  /** An answer body from the examples of a schema's properties (nested schemas too). */
  const exampleOf = (schema: Schema): unknown => {
    const resolved = resolve(schema);
    if (resolved.example !== undefined && resolved.example !== null) return resolved.example;
    if (!resolved.properties) return undefined;
    const body: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(resolved.properties)) {
      const value = exampleOf(property);
      if (value !== undefined && value !== null) body[name] = value;
    }
    return Object.keys(body).length ? body : undefined;
  };

  const entries = Object.entries(document.paths).map(([template, item]) => ({
    template,
    matcher: pathTemplateMatcher(template),
    operation: item.post!,
    name: item.post!['x-proxy-name'] ?? template,
  }));

  const exampleAnswers: ExampleAnswer[] = [];
  const sessionKeyExamples: string[] = [];
  const requestExamples = new Set<string>();
  for (const { operation, name } of entries) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schema = response.content?.['application/json']?.schema;
      const body = schema && exampleOf(schema);
      if (schema && body !== undefined) {
        const schemaName = schema.$ref?.split('/').pop() ?? 'inline';
        exampleAnswers.push({
          source: `${schemaName} (${name} ${status})`,
          operation: name,
          status: Number(status),
          body,
        });
      }
      const header = response.headers?.['X-CardConnect-SessionKey']?.schema?.example;
      if (typeof header === 'string') sessionKeyExamples.push(header);
    }
    for (const example of Object.values(operation.requestBody?.content?.['application/json']?.examples ?? {}))
      if (example.$ref) requestExamples.add(example.$ref.split('/').pop()!);
  }
  const connectSuccess = components.schemas.connectSuccess?.properties?.['X-CardConnect-SessionKey']?.example;
  if (typeof connectSuccess === 'string') sessionKeyExamples.push(connectSuccess);

  // The example sections: `<operation>ResponseExample` and `<operation>Response` answer that operation.
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const unattachedExamples: string[] = [];
  for (const [exampleName, example] of Object.entries(components.examples)) {
    const operation = /^(.+)ResponseExample$/.exec(exampleName)?.[1];
    if (operation && byName.has(operation))
      exampleAnswers.push({ source: `examples/${exampleName}`, operation, status: 200, body: example.value });
    else if (!requestExamples.has(exampleName)) unattachedExamples.push(exampleName);
  }
  for (const [responseName, response] of Object.entries(components.responses)) {
    const operation = /^(.+)Response$/.exec(responseName)?.[1];
    for (const [field, content] of Object.entries(response.content ?? {})) {
      if (content.example === undefined || !operation || !byName.has(operation)) continue;
      exampleAnswers.push({
        source: `responses/${responseName}`,
        operation,
        status: 200,
        body: { [field]: content.example },
      });
    }
  }

  return {
    operations: new Map(entries.map((entry) => [entry.template, entry.name])),
    exampleAnswers,
    sessionKeyExamples,
    unattachedExamples,
    mended,
    checkRequest(method, path, headers, body) {
      const entry = entries.find((candidate) => candidate.matcher.test(path));
      if (!entry) return [`${method} ${path} is not an operation of the reference`];
      if (method.toUpperCase() !== 'POST') return [`${entry.template} is POST, not ${method}`];
      const problems: string[] = [];
      const sent = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      for (const parameter of (entry.operation.parameters ?? []).map(resolve)) {
        if (parameter.in !== 'header' || !parameter.required || !parameter.name) continue;
        const value = sent.get(parameter.name.toLowerCase());
        if (!value) problems.push(`header ${parameter.name} is required`);
        else if (parameter.schema?.enum && !parameter.schema.enum.includes(value))
          problems.push(`header ${parameter.name} must be one of ${parameter.schema.enum.join(', ')}`);
      }
      const schema = entry.operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) return problems;
      const properties = resolve(schema).properties ?? {};
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        return [...problems, 'the body is not an object'];
      for (const [name, value] of Object.entries(body)) {
        const property = properties[name];
        if (!property) {
          problems.push(`/${name} is not a field of the reference`);
          continue;
        }
        const declared = resolve(property);
        const strings =
          declared.type === 'array'
            ? Array.isArray(value) && value.every((item) => typeof item === 'string')
            : declared.type === 'object'
              ? value !== null &&
                typeof value === 'object' &&
                Object.values(value).every((item) => typeof item === 'string')
              : typeof value === 'string';
        if (!strings) problems.push(`/${name} is not encoded as a US-ASCII string`);
        else if (typeof value === 'string' && [...value].some((character) => character.charCodeAt(0) > 0x7f))
          problems.push(`/${name} is not US-ASCII`);
        if (
          declared.type === 'string' &&
          declared.maxLength !== undefined &&
          typeof value === 'string' &&
          value.length > declared.maxLength
        )
          problems.push(`/${name} is longer than its maxLength ${declared.maxLength}`);
      }
      for (const [name, property] of Object.entries(properties))
        if (isRequired(property) && !(name in body)) problems.push(`/${name} is required`);
      return problems;
    },
  };
}
