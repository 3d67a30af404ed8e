// Worker threads do not inherit the parent's TypeScript loader: register tsx here, as
// bin/lanepoint.mjs does, then run the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
