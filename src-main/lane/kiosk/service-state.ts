import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../platform/private-file';

/**
 * Whether staff took the kiosk out of service, kept in `kiosk-service.json` in the app-data
 * folder so a restart (a power cut, an update) does not put a kiosk staff closed back in front
 * of customers. A setting would do too, but settings.json is the store IT's file and this flag
 * is flipped by staff several times a day; without a folder (tests, the CLI) it lives in memory.
 */
export interface ServiceState {
  readonly inService: boolean;
  /** The sign's words while out of service. */
  readonly message: string | null;
  /** Who changed it last (a cashier id), and when (epoch ms); null before anyone did. */
  readonly changedBy: string | null;
  readonly changedAt: number | null;
  /** Why the file could not be read, for the log; the customer sees the sign only. */
  readonly problem?: string;
}

const fileSchema = z.strictObject({
  inService: z.boolean(),
  message: z.string().max(80).nullable(),
  changedBy: z.string().max(8).nullable(),
  changedAt: z.number().int().nullable(),
});

export const inService: ServiceState = { inService: true, message: null, changedBy: null, changedAt: null };

/** The file the state is kept in. */
export function serviceStatePath(folder: string): string {
  return join(folder, 'kiosk-service.json');
}

/** Reads and writes the kiosk's service state. */
export interface ServiceStateStore {
  current(): ServiceState;
  save(state: ServiceState): void;
}

/**
 * The store over `folder`. A file that cannot be read keeps the kiosk OUT of service, saying
 * why: a kiosk closed for a reason must not open because its note was damaged.
 */
export function serviceStateStore(folder: string | undefined): ServiceStateStore {
  let state = folder ? read(serviceStatePath(folder)) : inService;
  return {
    current: () => state,
    save(next) {
      if (folder) writeFileAtomic(serviceStatePath(folder), `${JSON.stringify(next, null, 2)}\n`);
      state = next;
    },
  };
}

function read(file: string): ServiceState {
  if (!existsSync(file)) return inService;
  try {
    return fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    return {
      inService: false,
      message: 'Out of service: please ask a member of staff',
      changedBy: null,
      changedAt: null,
      problem: `${file} could not be read (${(error as Error).message})`,
    };
  }
}
