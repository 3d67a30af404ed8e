import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// electron-builder cannot run here (it needs the Electron download), so its configuration is
// checked as data: what the packaged app needs to start on a store machine.
const config = load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string };

describe('electron-builder.yml', () => {
  it('names the app', () => {
    expect(config.appId).toBe('com.lanepoint.terminal');
    expect(config.productName).toBe('Lanepoint');
  });

  it('builds AppImage and deb for Linux and an NSIS installer for Windows', () => {
    expect((config.linux as { target: string[] }).target).toEqual(['AppImage', 'deb']);
    expect((config.win as { target: string[] }).target).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: true });
  });

  it('packs into asar with every native module unpacked and rebuilt for Electron', () => {
    expect(config.asar).toBe(true);
    const unpacked = config.asarUnpack as string[];
    for (const module of ['serialport', '@serialport', 'node-hid', 'better-sqlite3']) {
      expect(unpacked).toContain(`node_modules/${module}/**`);
    }
    expect(unpacked).toContain('**/*.node');
    expect(config.npmRebuild).toBe(true);
  });

  it('ships the built app, including the entry package.json points at', () => {
    const files = config.files as string[];
    expect(files).toContain('out/**/*');
    expect(files).toContain('package.json');
    expect(packageJson.main).toBe('out/main/main.js');
  });

  it('carries the assets folder as extra resources', () => {
    expect(config.extraResources).toEqual([{ from: 'assets', to: 'assets', filter: ['**/*'] }]);
  });

  it('depends on libusb for node-hid in the deb', () => {
    expect((config.deb as { depends: string[] }).depends).toContain('libusb-1.0-0');
  });
});
