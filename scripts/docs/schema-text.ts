/**
 * JSON Schema (as zod 4's `z.toJSONSchema` writes it) in the few words a reference table needs:
 * a type, a default, a command's arguments on one line. Shared by the settings and the CLI
 * references (scripts/docs/).
 */
import { z } from 'zod';

/** The parts of a JSON Schema node the references read. */
export interface SchemaNode {
  readonly type?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly additionalProperties?: SchemaNode | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
  readonly maxItems?: number;
}

/** A zod schema as JSON Schema, read as its input (defaults shown, transforms ignored). */
export function jsonSchemaOf(schema: z.ZodType): SchemaNode {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
}

/** The alternatives of a union node (`anyOf` or `oneOf`), or undefined. */
export function alternativesOf(node: SchemaNode): readonly SchemaNode[] | undefined {
  return node.anyOf ?? node.oneOf;
}

/** The object inside a node: the node itself, or the object half of "object or null". */
export function objectPart(node: SchemaNode): SchemaNode | undefined {
  if (node.type === 'object' && node.properties) return node;
  const objects = alternativesOf(node)?.filter((part) => part.type === 'object' && part.properties) ?? [];
  return objects.length === 1 && alternativesOf(node)?.length === 2 ? objects[0] : undefined;
}

const numberText = (node: SchemaNode): string => {
  const { minimum, maximum } = node;
  const kind = node.type === 'integer' ? 'integer' : 'number';
  // zod writes MAX_SAFE_INTEGER for an integer without a bound of its own.
  const max = maximum !== undefined && maximum < Number.MAX_SAFE_INTEGER ? maximum : undefined;
  if (minimum !== undefined && max !== undefined) return `${kind} ${minimum} to ${max}`;
  if (minimum !== undefined) return `${kind} from ${minimum}`;
  return kind;
};

/** A node's type in a few words: `integer 0 to 65535`, `"counter" | "kiosk"`, `list of string`. */
export function typeText(node: SchemaNode, depth = 0): string {
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  const alternatives = alternativesOf(node);
  if (alternatives) return alternatives.map((part) => typeText(part, depth)).join(' or ');
  switch (node.type) {
    case 'integer':
    case 'number':
      return numberText(node);
    case 'string':
      return node.maxLength === undefined ? 'string' : `string (at most ${node.maxLength})`;
    case 'array':
      return `list of ${node.items ? typeText(node.items, depth) : 'values'}`;
    case 'object':
      if (node.properties) return depth < 2 ? objectText(node, depth + 1) : 'object';
      return typeof node.additionalProperties === 'object' ? 'object by name' : 'object';
    case undefined:
      return 'any';
    default:
      return node.type;
  }
}

/** An object's fields on one line, TypeScript-like: `{ orderId: string, tipMinor?: integer }`. */
export function objectText(node: SchemaNode, depth = 0): string {
  const fields = Object.entries(node.properties ?? {});
  if (fields.length === 0) return '{}';
  const required = new Set(node.required ?? []);
  const text = fields.map(([key, field]) => {
    const optional = required.has(key) ? '' : '?';
    return `${key}${optional}: ${typeText(field, depth)}`;
  });
  return `{ ${text.join(', ')} }`;
}

/** A default value as a table shows it, or what stands in its place. */
export function defaultText(node: SchemaNode, required: boolean): string {
  if (node.default !== undefined) return `\`${JSON.stringify(node.default)}\``;
  return required ? 'required' : 'none';
}

/** Text that is safe in one Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

/** A Markdown table: a header row, its rule, and one row per entry. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
