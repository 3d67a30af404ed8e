#!/usr/bin/env node
// The `lanepoint` command. The CLI is TypeScript run on the fly (tsx), so `npx lanepoint` works
// in a checkout right after `npm install` with no separate compile step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
