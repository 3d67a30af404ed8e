import { describe, expect, it } from 'vitest';
import { moduleGraph } from './support/module-graph';

describe("the lane page's first chunk (ADR 064)", () => {
  // What loads before the page runs: dynamic import() is a chunk of its own, loaded later.
  const graph = moduleGraph('main.tsx', { dynamic: false });

  it('holds the sign-in screen and the connection to the terminal', () => {
    expect(graph).toContain('screens/sign-in/SignInScreen.tsx');
    expect(graph).toContain('pos/websocket-client.ts');
  });

  it('leaves out every screen the first one does not show, and the QR encoder', () => {
    const later = [
      'screens/sale/SaleScreen.tsx',
      'screens/history/HistoryScreen.tsx',
      'screens/settings/SettingsScreen.tsx',
      'screens/end-of-day/EndOfDayScreen.tsx',
      'screens/devices/DevicesScreen.tsx',
      'training/TrainingPanel.tsx',
      'kiosk/KioskApp.tsx',
      'components/SignaturePanel.tsx',
      'components/ManagerApproval.tsx',
      'package:qrcode',
    ];
    expect(later.filter((file) => graph.includes(file))).toEqual([]);
  });
});
