import packageJson from '../../../package.json';

/** The product version, from package.json (bundled into the Electron build at build time). */
export const productVersion: string = packageJson.version;
