#!/usr/bin/env node
// The `lanepoint` command. The CLI is TypeScript run on the fly (tsx), so `npx lanepoint` works
// in a checkout right after `npm install` with no separate compile step. It runs in this very
// process, so the signals sent to `lanepoint` reach the command itself (no child to forward to).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
// The command has ended: whatever still holds the process (a socket, a timer, a device) is a
// leak, never a reason to stay. It is named, and the process exits anyway.
setTimeout(() => {
  const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'Timeout');
  process.stderr.write(`lanepoint: still open after the command ended (${open.join(', ')}); exiting\n`);
  process.exit();
}, 1000).unref();
