import { afterAll } from 'vitest';
import { closeSharedChromium } from './chromium';

// Every end-to-end file's setup (vitest.e2e.config.ts): the file's tests share one Chromium
// (see sharedChromium), and it closes after the file's last test, its pages' frames written
// for the card-data scan.
afterAll(closeSharedChromium);
