/**
 * How the unit and hostile tests start a real `lanepoint` process: the command's entry from
 * source, with tsx as the development tool that compiles it, so no build is needed and none can
 * be stale. The installed command (bin/lanepoint.mjs) loads the compiled out/cli instead; the
 * e2e tests, which build first, and test/src-main/shells/cli/bin.test.ts run that one.
 */
export const lanepointFromSource: readonly string[] = ['--import', 'tsx', 'src-main/shells/cli/lanepoint.ts'];
