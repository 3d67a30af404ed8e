import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import yaml from 'js-yaml';
import { gatewayOpenApiPath, pathTemplateMatcher, type SchemaProblem } from './gateway-reference';

/**
 * The request line of a call held to the gateway's OpenAPI file: the path and query parameters
 * the operation declares, each value against its schema. `gateway-reference.ts` checks bodies;
 * this checks what travels in the URL (a merchant id in `inquire/{retref}/{merchid}`, the
 * settlestat query), which a real gateway reads just as strictly.
 */

interface Parameter {
  readonly in?: string;
  readonly name?: string;
  readonly $ref?: string;
  readonly schema?: Record<string, unknown>;
}

interface Document {
  readonly paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  readonly components: { schemas: Record<string, object> };
}

/**
 * Where the file contradicts itself, the component schema wins: inquireMerchant and surcharge
 * declare their merchid an `integer` of `maximum: 16`, while the `merchid` component (every body,
 * inquire, inquireByOrderid, settlestat) is a string of `maxLength: 16`. An integer at most 16
 * cannot be a merchant id, so the component is the one meant.
 */
const componentFor: Readonly<Record<string, string>> = { merchid: 'merchid' };

/**
 * settlestat's `date` is declared `type: integer` with `maxLength: 4` and described as MMDD: a
 * four-digit text (0122 is not the integer 122), so it is checked as the description says.
 */
const describedFormats: Readonly<Record<string, RegExp>> = { date: /^\d{4}$/ };

export interface RequestLineChecker {
  /** Problems of the path and query parameters of one request line against the operation's declaration. */
  check(method: string, url: string): SchemaProblem[];
}

/** Loads the OpenAPI file's parameter declarations (the same file the body checks read). */
export function loadRequestLineChecker(path = gatewayOpenApiPath): RequestLineChecker {
  const document = yaml.load(readFileSync(path, 'utf8')) as Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const componentValidators = new Map<string, ValidateFunction>();
  const component = (name: string): ValidateFunction => {
    let validate = componentValidators.get(name);
    if (!validate) {
      validate = ajv.compile(document.components.schemas[name] as object);
      componentValidators.set(name, validate);
    }
    return validate;
  };

  const checkValue = (where: string, parameter: Parameter, value: string): SchemaProblem[] => {
    const name = parameter.name ?? '';
    const described = describedFormats[name];
    if (described)
      return described.test(value) ? [] : [`${where} ${JSON.stringify(value)} does not have the described format`];
    const reference =
      typeof parameter.schema?.$ref === 'string' ? parameter.schema.$ref.split('/').pop() : componentFor[name];
    if (reference) {
      const validate = component(reference);
      return validate(value) ? [] : (validate.errors ?? []).map((error) => `${where} ${error.message ?? 'is invalid'}`);
    }
    const schema = parameter.schema ?? {};
    const problems: SchemaProblem[] = [];
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      problems.push(`${where} is longer than ${schema.maxLength}`);
    if (schema.type === 'integer' && !/^\d+$/.test(value)) problems.push(`${where} is not an integer`);
    return problems;
  };

  return {
    check(method, url) {
      const parsed = new URL(url, 'http://gateway.invalid');
      const verb = method.toLowerCase();
      for (const [template, operations] of Object.entries(document.paths)) {
        const operation = operations[verb];
        const match = operation ? pathTemplateMatcher(template).exec(parsed.pathname) : null;
        if (!operation || !match) continue;
        const declared = (operation.parameters ?? []).filter(
          (parameter) => parameter.in === 'path' || parameter.in === 'query',
        );
        const problems: SchemaProblem[] = [];
        const names = [...template.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]!);
        names.forEach((name, index) => {
          const parameter = declared.find((candidate) => candidate.in === 'path' && candidate.name === name);
          const value = decodeURIComponent(match[index + 1] ?? '');
          if (!parameter) problems.push(`path {${name}} is not declared`);
          else problems.push(...checkValue(`path {${name}}`, parameter, value));
        });
        for (const [name, value] of parsed.searchParams) {
          const parameter = declared.find((candidate) => candidate.in === 'query' && candidate.name === name);
          if (!parameter) problems.push(`query ${name} is not a parameter of the reference`);
          else problems.push(...checkValue(`query ${name}`, parameter, value));
        }
        return problems;
      }
      return [`${method.toUpperCase()} ${parsed.pathname} is not an operation of the reference`];
    },
  };
}
