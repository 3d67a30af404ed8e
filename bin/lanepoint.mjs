#!/usr/bin/env node
// The `lanepoint` command: the CLI compiled to JavaScript by `npm run build` (which `npm install`
// runs as its prepare step), so no TypeScript compiler loads at run time. From source, as the
// tests do: `node --import tsx src-main/shells/cli/lanepoint.ts`.
import { existsSync } from 'node:fs';

const compiled = new URL('../out/cli/lanepoint.js', import.meta.url);
if (existsSync(compiled)) await import(compiled.href);
else {
  process.stderr.write('lanepoint: the command is not built (out/cli/lanepoint.js is missing); run "npm run build"\n');
  process.exitCode = 1;
}
