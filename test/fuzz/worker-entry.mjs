// Worker threads do not inherit the parent's TypeScript loader: register tsx here (a dev tool:
// the fuzz runs from source), then run the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
