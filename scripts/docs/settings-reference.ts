/**
 * docs/reference/settings.md, written from the settings schema (src-main/lane/config/schema.ts and
 * its sections) and the table of environment overrides (src-main/lane/config/environment.ts): every
 * key with its type, default, variable and description. A key without a description is an
 * error naming it, so a new setting cannot reach the reference unexplained.
 */
import { settingsEnvironment, settingsSchema } from '../../src-main/lane/config/settings';
import { alternativesOf, defaultText, jsonSchemaOf, objectPart, table, typeText, type SchemaNode } from './schema-text';

interface Row {
  readonly key: string;
  readonly node: SchemaNode;
  readonly required: boolean;
  /** Its keys have rows of their own: the type says only "object" or "list of objects". */
  readonly opened?: boolean;
}

/** A list whose entries are one of several shapes (the device lists), documented per shape. */
interface VariantList {
  readonly key: string;
  readonly variants: readonly SchemaNode[];
}

const variableOf = new Map(settingsEnvironment.map(({ setting, variable }) => [setting, variable]));

/** The rows of an object's keys, nested objects and list entries flattened into dotted keys. */
function rowsOf(node: SchemaNode, prefix: string, lists: VariantList[]): Row[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) => {
    const key = `${prefix}${name}`;
    const row: Row = { key, node: child, required: required.has(name) };
    const inner = objectPart(child);
    if (inner) return [{ ...row, opened: true }, ...rowsOf(inner, `${key}.`, lists)];
    const variants = child.type === 'array' && child.items ? alternativesOf(child.items) : undefined;
    if (variants) {
      lists.push({ key, variants });
      return [row];
    }
    const entry = child.type === 'array' && child.items ? objectPart(child.items) : undefined;
    return entry ? [{ ...row, opened: true }, ...rowsOf(entry, `${key}[].`, lists)] : [row];
  });
}

/** A fresh install's settings: where a default is not in the JSON Schema (zod leaves some out), it is here. */
const freshInstall: unknown = settingsSchema.parse({});

function defaultAt(key: string): unknown {
  if (key.includes('[]')) return undefined;
  let value: unknown = freshInstall;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

function shapeText(row: Row): string {
  if (!row.opened) return variantsNamed(row.node) ?? typeText(row.node);
  if (row.node.type === 'array') return 'list of objects';
  return objectPart(row.node) === row.node ? 'object' : 'object or null';
}

function rowTable(rows: readonly Row[], missing: string[]): string {
  if (rows.length === 0) return 'No other keys.';
  return table(
    ['setting', 'type', 'default', 'variable', 'what it does'],
    rows.map((row) => {
      const { key, node, required } = row;
      if (!node.description) missing.push(key);
      const fallback = node.default === undefined ? defaultAt(key) : undefined;
      return [
        `\`${key}\``,
        shapeText(row),
        defaultText(fallback === undefined ? node : { ...node, default: fallback }, required),
        variableOf.has(key) ? `\`${variableOf.get(key)}\`` : 'file only',
        node.description ?? '',
      ];
    }),
  );
}

/** "list of entries, one of the shapes below" for a device list, instead of every shape inline. */
function variantsNamed(node: SchemaNode): string | undefined {
  if (node.type !== 'array' || !node.items || !alternativesOf(node.items)) return undefined;
  return 'list of entries (their shapes below)';
}

/** What tells one shape of a list's entries from the others: `protocol "isdv4"`, or the key only it has. */
function variantName(variant: SchemaNode, all: readonly SchemaNode[]): string {
  const protocol = variant.properties?.protocol?.const;
  if (protocol !== undefined) return `\`"protocol": ${JSON.stringify(protocol)}\``;
  const own = (variant.required ?? []).find((key) =>
    all.every((other) => other === variant || !other.properties?.[key]),
  );
  return own ? `with \`${own}\`` : 'entry';
}

function variantSections(list: VariantList, missing: string[]): string {
  const keysOf = (variant: SchemaNode) => Object.keys(variant.properties ?? {});
  const common = keysOf(list.variants[0] ?? {}).filter(
    (key) => key !== 'protocol' && list.variants.every((variant) => keysOf(variant).includes(key)),
  );
  const pick = (variant: SchemaNode, keep: (key: string) => boolean): SchemaNode => ({
    ...variant,
    properties: Object.fromEntries(Object.entries(variant.properties ?? {}).filter(([key]) => keep(key))),
  });
  const nested: VariantList[] = [];
  const sections = [
    `## \`${list.key}\` entries`,
    `Every entry of \`${list.key}\` has these keys:`,
    rowTable(
      rowsOf(
        pick(list.variants[0] ?? {}, (key) => common.includes(key)),
        `${list.key}[].`,
        nested,
      ),
      missing,
    ),
    ...list.variants.flatMap((variant) => [
      `### ${variantName(variant, list.variants)}`,
      // The heading names the protocol; the rows are what else this shape takes.
      rowTable(
        rowsOf(
          pick(variant, (key) => !common.includes(key) && key !== 'protocol'),
          `${list.key}[].`,
          nested,
        ),
        missing,
      ),
    ]),
  ];
  return sections.join('\n\n');
}

/** The whole of docs/reference/settings.md. */
export function settingsReference(): string {
  const schema = jsonSchemaOf(settingsSchema);
  const missing: string[] = [];
  const lists: VariantList[] = [];
  const entries = Object.entries(schema.properties ?? {});
  const isSection = (node: SchemaNode) => node.type === 'object' && node.properties !== undefined;
  const topRows = rowsOf(
    { ...schema, properties: Object.fromEntries(entries.filter(([, node]) => !isSection(node))) },
    '',
    lists,
  );
  const sections = entries
    .filter(([, node]) => isSection(node))
    .map(([name, node]) => {
      if (!node.description) missing.push(name);
      return [`## \`${name}\``, node.description ?? '', rowTable(rowsOf(node, `${name}.`, lists), missing)].join(
        '\n\n',
      );
    });
  const text = [
    '# Settings reference',
    '<!-- Generated by `npm run docs` from src-main/lane/config/ (the zod schemas and environment.ts). Do not edit by hand: test/docs/references.test.ts fails when this file and the schema differ. -->',
    'Every key of `settings.json` with its type, its default and what it does. Where the file is, how it is checked and how the environment overrides it: [the operator manual](../operator/settings.md). ' +
      '`settingsSchema.parse({})` is a whole, valid configuration: a fresh install needs no file. A key the schema does not know is refused, naming it.',
    '## Top level',
    rowTable(topRows, missing),
    ...sections,
    ...lists.map((list) => variantSections(list, missing)),
  ].join('\n\n');
  if (missing.length > 0)
    throw new Error(`settings without a description (add .describe() in src-main/lane/config/): ${missing.join(', ')}`);
  return `${text}\n`;
}
