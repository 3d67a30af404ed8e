import { bundleTestEntry } from './test-bundle';

/** The command's entry in the source tree. */
const entry = 'src-main/shells/cli/lanepoint.ts';

/**
 * How the unit and hostile tests start a real `lanepoint` process: the command's entry from
 * source, with tsx as the development tool that compiles it, so no build is needed and none can
 * be stale. The installed command (bin/lanepoint.mjs) loads the compiled out/cli instead; the
 * e2e tests, which build first, and test/src-main/shells/cli/bin.test.ts run that one.
 */
export const lanepointFromSource: readonly string[] = ['--import', 'tsx', entry];

/**
 * The same entry from source, bundled once by esbuild (packages left to node_modules, as
 * `npm run build` compiles the command), for a file that starts the command several times: under
 * tsx each start compiles about 360 modules, some 3 CPU-s. Call it in `beforeAll`; `name` keeps
 * the file's bundle its own (see bundleTestEntry). Resolves with node's arguments.
 */
export async function lanepointBundled(name: string): Promise<readonly string[]> {
  return [await bundleTestEntry(entry, name, { packages: 'external' })];
}
