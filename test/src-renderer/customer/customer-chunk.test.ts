import { describe, expect, it } from 'vitest';
import { moduleGraph } from '../support/module-graph';

describe("the customer display's page (issue 36)", () => {
  const graph = moduleGraph('customer/main.tsx', { dynamic: true });

  it('holds the customer display, its words and the connection to the lane', () => {
    expect(graph).toContain('customer/ConnectedCustomerDisplay.tsx');
    expect(graph).toContain('customer/customer-words.ts');
    expect(graph).toContain('pos/websocket-client.ts');
  });

  it("loads none of the counter's or the kiosk's app: no screens, no store, no App", () => {
    expect(graph.filter((file) => file.startsWith('screens/'))).toEqual([]);
    expect(graph).not.toContain('store/pos-store.ts');
    expect(graph).not.toContain('components/App.tsx');
    expect(graph).not.toContain('components/CounterApp.tsx');
    expect(graph).not.toContain('kiosk/KioskApp.tsx');
    expect(graph).not.toContain('training/TrainingPanel.tsx');
  });
});
