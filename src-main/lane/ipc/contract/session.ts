/** Who is signed in on the lane: cashiers and managers, and training's practice sign-ins. */
import { z } from 'zod';
import { noArgs } from './schemas';
import { command, event } from './spec';

export const staffRoles = ['cashier', 'manager'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Who is signed in on the lane. */
export interface StaffSession {
  readonly cashierId: string;
  readonly name: string;
  readonly role: StaffRole;
  /** Epoch milliseconds of the sign-in. */
  readonly since: number;
}

/** Training's practice sign-ins, shown on the sign-in screen (never real staff). */
export interface TrainingLogin {
  readonly cashierId: string;
  readonly pin: string;
  readonly name: string;
  readonly role: StaffRole;
}

export const sessionCommands = {
  'session.current': command<StaffSession | null>()('Who is signed in on this lane, or null.', noArgs),
  'session.signIn': command<StaffSession>()(
    'Signs a cashier or a manager in with their id and PIN. Repeated wrong PINs lock the id on every screen, longer each time.',
    z
      .object({
        cashierId: z.string().regex(/^\d{1,8}$/, { error: 'a cashier id is 1 to 8 digits' }),
        pin: z.string().regex(/^\d{4,8}$/, { error: 'a PIN is 4 to 8 digits' }),
      })
      .strict(),
  ),
  'session.signOut': command<{ readonly signedOut: boolean }>()(
    'Signs the cashier out; the lane waits for the next sign-in.',
    noArgs,
  ),
  'session.trainingLogins': command<TrainingLogin[]>()(
    'Training: the practice sign-ins; empty outside training.',
    noArgs,
  ),
} as const;

export const sessionEvents = {
  'session.changed': event<StaffSession | null>('A cashier signed in or out.'),
} as const;
