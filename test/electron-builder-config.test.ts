import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// electron-builder cannot run here (it needs the Electron download), so its configuration is
// checked as data: what the packaged app needs to start on a store machine. js-yaml is a
// devDependency of the project; electron-builder reads the file with the same YAML 1.2 rules.
interface BuilderConfig {
  appId?: unknown;
  productName?: unknown;
  extraMetadata?: { homepage?: unknown };
  directories?: { output?: unknown };
  files?: string[];
  asar?: unknown;
  asarUnpack?: string[];
  npmRebuild?: unknown;
  extraResources?: Array<{ from: string; to: string; filter?: string[] }>;
  linux?: { target?: string[]; category?: unknown; maintainer?: unknown };
  deb?: { depends?: string[] };
  win?: { target?: string[] };
  nsis?: Record<string, unknown>;
}

const config = load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string };

describe('electron-builder.yml', () => {
  it('names the app and writes to dist/', () => {
    expect(config.appId).toBe('com.lanepoint.terminal');
    expect(config.productName).toBe('Lanepoint');
    expect(config.directories?.output).toMatch(/^dist\/?$/);
  });

  it('builds AppImage and deb for Linux and an assisted per-machine NSIS installer for Windows', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toMatch(/^(Office|Finance)$/);
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: true, allowToChangeInstallationDirectory: true });
  });

  it('packs into asar with every native module unpacked and rebuilt for Electron', () => {
    expect(config.asar).toBe(true);
    for (const module of ['serialport', '@serialport', 'node-hid', 'better-sqlite3']) {
      expect(config.asarUnpack).toContain(`node_modules/${module}/**`);
    }
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.npmRebuild).toBe(true);
  });

  it('ships the built app and the package.json whose main points into it, and no sources', () => {
    expect(config.files).toContain('out/**/*');
    expect(config.files).toContain('package.json');
    expect(packageJson.main).toMatch(/^out\//);
    const included = (config.files ?? []).filter((pattern) => !pattern.startsWith('!'));
    const shipped = ['package.json', 'bin/lanepoint.mjs'];
    expect(included.every((pattern) => shipped.includes(pattern) || pattern.startsWith('out/'))).toBe(true);
    for (const folder of ['src-main', 'src-renderer', 'drivers', 'test', 'docs']) {
      expect(config.files).toContain(`!${folder}/**`);
    }
  });

  it('ships the command compiled: its bin and the out/cli JavaScript the bin loads, not TypeScript', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: { lanepoint: string } };
    expect(config.files).toContain(manifest.bin.lanepoint);
    const bin = readFileSync(manifest.bin.lanepoint, 'utf8');
    const loaded = /new URL\('\.\.\/(out\/cli\/[\w.-]+\.js)'/.exec(bin)?.[1];
    expect(loaded).toBe('out/cli/lanepoint.js');
    expect(config.files).toContain('out/**/*');
    expect(bin).not.toMatch(/from 'tsx|import\('tsx|\.ts'\)/);
    expect(config.files).toContain('!out/cli/inputs.json');
  });

  it('carries the assets folder as extra resources', () => {
    expect(config.extraResources).toContainEqual(expect.objectContaining({ from: 'assets', to: 'assets' }));
  });

  it('makes the deb depend on libusb for node-hid, and keeps the keychain library safeStorage needs', () => {
    expect(config.deb?.depends).toContain('libusb-1.0-0');
    // depends replaces electron-builder's default list; these come from that list.
    for (const library of ['libgtk-3-0', 'libnss3', 'libsecret-1-0']) expect(config.deb?.depends).toContain(library);
  });

  it('gives the deb target the homepage it requires', () => {
    expect(config.extraMetadata?.homepage).toMatch(/^https:\/\//);
  });
});
