import type { PosActions, PosTransport } from '../../src-main/lane/ipc/contract';

/**
 * Derives `pos.devices.list(args)` from `pos.call('devices.list', args)`. The renderer may only
 * import the contract's types, so the names come from the property accessed, and the main
 * side's validation rejects a name the contract does not have.
 */
export function namedActions(call: PosTransport['call']): PosActions {
  const namespaces = new Map<string, Record<string, unknown>>();
  return new Proxy({} as PosActions, {
    get(_target, namespace) {
      if (typeof namespace !== 'string') return undefined;
      let actions = namespaces.get(namespace);
      if (!actions) {
        actions = new Proxy(
          {},
          {
            get: (_inner, action) =>
              typeof action === 'string'
                ? (args?: unknown) => call(`${namespace}.${action}` as never, args as never)
                : undefined,
          },
        );
        namespaces.set(namespace, actions);
      }
      return actions;
    },
  });
}
