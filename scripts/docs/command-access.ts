/**
 * Who may call each lane command, read from what its handler checks (src-main/lane/core/handlers.ts)
 * rather than written down twice: every handler runs against a session that records the checks
 * it is asked for (signed in, a manager's approval, the kiosk's customer or staff) and a core
 * that does nothing: once as usual, once outside training, once with nobody signed in. A handler
 * whose check depends on its arguments runs once per branch its arguments choose (`branches`).
 */
import { customerDisplayCommandNames } from '../../src-main/lane/ipc/customer-role';
import { settingsSchema } from '../../src-main/lane/config/settings';
import { createCommandHandlers } from '../../src-main/lane/core/handlers';
import { commandNames, commands, type CommandName } from '../../src-main/lane/ipc/contract';
import { jsonSchemaOf } from './schema-text';

type Check = { readonly kind: 'signed-in' | 'manager' | 'customer-or-staff'; readonly action: string };

/** How a run went: the checks asked for, and the kind of the error it ended with, if any. */
interface Run {
  readonly checks: Check[];
  readonly failed: string | undefined;
}

/** Arguments that choose a different check, by command: a label for each and the arguments. */
const branches: Partial<Record<CommandName, ReadonlyArray<readonly [string, Record<string, unknown>]>>> = {
  'terminal.sale': [
    ['`tender: "forced-credit"`', { tender: 'forced-credit' }],
    ['`tender: "forced-sale"`', { tender: 'forced-sale' }],
    ['other tenders', { tender: 'sale' }],
  ],
  'terminal.newSale': [
    ['`leaveUnknown: true`', { leaveUnknown: true }],
    ['otherwise', {}],
  ],
  'kiosk.abandon': [
    ['`reason: "staff"`', { reason: 'staff' }],
    ['`reason: "idle"` or `"customer"`', { reason: 'customer' }],
  ],
};

/** Stands in for any part of the core: every property is another stand-in, every call returns one. */
function nothing(): unknown {
  const target = function () {};
  return new Proxy(target, {
    get: (_, key) => {
      if (key === 'then') return undefined; // not a promise: `await` takes it as a value
      if (key === Symbol.toPrimitive) return () => 0;
      return nothing();
    },
    apply: (_, __, args: unknown[]) => {
      // A callback handed to the core (a void's or refund's approval) is the core's to call: call it.
      for (const arg of args)
        if (arg && typeof arg === 'object')
          for (const value of Object.values(arg)) if (typeof value === 'function') value(Number.MAX_SAFE_INTEGER);
      return nothing();
    },
  });
}

async function run(
  name: CommandName,
  args: Record<string, unknown>,
  { training = true, signedIn = true } = {},
): Promise<Run> {
  const checks: Check[] = [];
  const member = { cashierId: '1', name: 'Docs', role: 'manager' as const, since: 0 };
  const session = {
    current: () => (signedIn ? member : null),
    requireSignedIn: (action: string) => void checks.push({ kind: 'signed-in', action }),
    requireCustomerOrStaff: (action: string) => void checks.push({ kind: 'customer-or-staff', action }),
    approve: (action: string) => {
      checks.push({ kind: 'manager', action });
      return member.cashierId;
    },
  };
  const core = new Proxy({} as Record<string, unknown>, {
    get: (_, key) => {
      if (key === 'session') return session;
      if (key === 'settings') return settingsSchema.parse({ training });
      return nothing();
    },
  });
  const handlers = createCommandHandlers(core as unknown as Parameters<typeof createCommandHandlers>[0]);
  let failed: string | undefined;
  try {
    await (handlers[name] as (args: unknown, caller: { source: string }) => unknown)(args, { source: 'docs' });
  } catch (error) {
    failed = (error as { kind?: string }).kind ?? 'error';
  }
  return { checks, failed };
}

function checksText(checks: readonly Check[], takesManagerPin: boolean): string {
  const words: Record<Check['kind'], string> = {
    'signed-in': 'signed in',
    manager: takesManagerPin ? 'a manager (a cashier gives `managerPin`)' : 'a signed-in manager',
    'customer-or-staff': 'the kiosk\u2019s customer, or signed in',
  };
  if (checks.length === 0) return 'anyone';
  // "signed in" just before a manager's approval of the same action says nothing the approval does not.
  const shown = checks.filter((check, index) => {
    const next = checks[index + 1];
    return !(check.kind === 'signed-in' && next?.kind === 'manager' && next.action === check.action);
  });
  return shown
    .map((check) => (check.action ? `${words[check.kind]}: to ${check.action}` : words[check.kind]))
    .join('; ');
}

async function whoMay(name: CommandName, args: Record<string, unknown>): Promise<string> {
  const usual = await run(name, args);
  const takesManagerPin = jsonSchemaOf(commands[name].args).properties?.managerPin !== undefined;
  let checks = usual.checks;
  // A handler that asks the session who is signed in, without a check of its own kind.
  if (checks.length === 0 && (await run(name, args, { signedIn: false })).failed === 'forbidden')
    checks = [{ kind: 'signed-in', action: '' }];
  const trainingOnly = (await run(name, args, { training: false })).failed === 'refused';
  // The customer display's role may send only its own few commands (ADR 087, ipc/customer-role.ts).
  const customerToo = customerDisplayCommandNames.has(name) ? ' (the customer display too)' : '';
  return checksText(checks, takesManagerPin) + customerToo + (trainingOnly ? ', in training only' : '');
}

/** Who may call each lane command, in words, by name. */
export async function commandAccess(): Promise<Map<CommandName, string>> {
  const access = new Map<CommandName, string>();
  for (const name of commandNames) {
    const text: string[] = [];
    for (const [label, args] of branches[name] ?? [['', {}] as const])
      text.push(label ? `${label}: ${await whoMay(name, args)}` : await whoMay(name, args));
    access.set(name, text.join('; '));
  }
  return access;
}
