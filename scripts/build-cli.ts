import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { buildInputsFile, type BuildInputs } from '../src-main/shells/cli/build-freshness';

/** Where the compiled CLI goes; bin/lanepoint.mjs loads lanepoint.js from here. */
export const cliOutDir = 'out/cli';

/**
 * Compiles the `lanepoint` command (src-main/shells/cli/lanepoint.ts and what it imports) into
 * JavaScript under `<root>/<outDir>`, so the installed command loads no TypeScript compiler at
 * run time (issue 31). Every package stays an import of node_modules, as in out/main: the
 * native addons (better-sqlite3, serialport, node-hid) must load from there.
 * The list of sources read goes beside it (inputs.json) so the command can say when a checkout
 * changed after the build.
 */
export async function buildCli(root: string = process.cwd(), outDir: string = cliOutDir): Promise<void> {
  const outdir = resolve(root, outDir);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { lanepoint: 'src-main/shells/cli/lanepoint.ts' },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs: BuildInputs = {
    inputs: Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')),
  };
  writeFileSync(join(outdir, buildInputsFile), `${JSON.stringify(inputs, null, 1)}\n`);
}
