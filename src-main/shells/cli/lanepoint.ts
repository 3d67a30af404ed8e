import { systemClock } from '../../platform/clock';
import { runCli } from './main';
import { staleBuildWarning } from './build-freshness';

// The `lanepoint` process: bin/lanepoint.mjs loads this module compiled (out/cli/lanepoint.js,
// built with the app by `npm run build`); tests and developers may run it from source with
// `node --import tsx src-main/shells/cli/lanepoint.ts`. The command runs in this very process, so the
// signals sent to `lanepoint` reach the command itself (no child to forward to).
const warning = staleBuildWarning(import.meta.url);
if (warning) process.stderr.write(`${warning}\n`);
process.exitCode = await runCli(process.argv.slice(2));
// The command has ended: whatever still holds the process (a socket, a timer, a device) is a
// leak, never a reason to stay. It is named, and the process exits anyway.
systemClock.setTimer(
  () => {
    const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'Timeout');
    process.stderr.write(`lanepoint: still open after the command ended (${open.join(', ')}); exiting\n`);
    process.exit();
  },
  1000,
  { unref: true },
);
