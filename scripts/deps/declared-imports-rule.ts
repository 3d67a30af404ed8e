import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import type { Rule } from 'eslint';

/** The package.json fields that declare packages. */
export type DependencyField = 'dependencies' | 'devDependencies' | 'optionalDependencies' | 'peerDependencies';

interface Options {
  /** Where the package must be declared for this file. */
  readonly fields: readonly DependencyField[];
  /** Packages this file may import wherever they are declared (src-main/shells/electron/ and electron). */
  readonly alsoAllow?: readonly string[];
}

const builtins = new Set(builtinModules);

/**
 * The package a specifier loads, or undefined for a file, a built-in or a URL:
 * `@scope/name/deep` is `@scope/name`, `name/deep` is `name`.
 */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return undefined;
  if (builtins.has(specifier) || builtins.has(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const manifests = new Map<string, Record<string, Record<string, string> | undefined>>();
function manifestAt(root: string) {
  let manifest = manifests.get(root);
  if (!manifest) {
    manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    manifests.set(root, manifest);
  }
  return manifest;
}

/**
 * Every package a file imports is declared in package.json (issue 31): a package that arrives
 * only as another one's dependency works until that one updates, and then the app breaks on a
 * store machine. Code that ships (fields: dependencies) may not import a devDependency, which an
 * installed app does not have; `import type`, which the compiler erases, may.
 */
export const declaredImportsRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Every imported package is declared in package.json, where the file needs it' },
    schema: [
      {
        type: 'object',
        properties: {
          fields: { type: 'array', items: { type: 'string' } },
          alsoAllow: { type: 'array', items: { type: 'string' } },
        },
        required: ['fields'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { fields, alsoAllow = [] } = context.options[0] as Options;
    const manifest = manifestAt(context.cwd);
    const declaredIn = (name: string) =>
      (['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies'] as const).find(
        (field) => manifest[field]?.[name] !== undefined,
      );
    function check(source: unknown, typeOnly: boolean) {
      const node = source as { type?: string; value?: unknown } | null;
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const name = packageOf(node.value);
      if (name === undefined || alsoAllow.includes(name)) return;
      const field = declaredIn(name);
      if (field === undefined) {
        context.report({
          node: source as Rule.Node,
          message: `"${name}" is not declared in package.json: add it at the version in package-lock.json (a package that only comes with another one can go when that one updates).`,
        });
      } else if (!typeOnly && !fields.includes(field)) {
        context.report({
          node: source as Rule.Node,
          message: `"${name}" is one of package.json's ${field}, which code that ships cannot import (the installed app has only ${fields.join(', ')}).`,
        });
      }
    }
    const typeOnly = (node: unknown) =>
      (node as { importKind?: string; exportKind?: string }).importKind === 'type' ||
      (node as { exportKind?: string }).exportKind === 'type';
    return {
      ImportDeclaration(node) {
        // Only `import type` is erased: `import { type A }` keeps an `import {} from` (verbatimModuleSyntax).
        check(node.source, typeOnly(node));
      },
      ExportNamedDeclaration: (node) => check(node.source, typeOnly(node)),
      ExportAllDeclaration: (node) => check(node.source, typeOnly(node)),
      ImportExpression: (node) => check(node.source, false),
    };
  },
};
