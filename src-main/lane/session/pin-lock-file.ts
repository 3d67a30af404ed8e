import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../platform/private-file';

/** One key's wrong PINs: the count toward the next lock, the locks in this streak, and times (epoch ms). */
export interface PinKeyRecord {
  wrong: number;
  locks: number;
  lockedUntil: number;
  lastWrongAt: number;
}

/** Everything the wrong-PIN locks remember: per key, and the lane's bucket (its level when last filled, and when). */
export interface PinLockState {
  keys: Record<string, PinKeyRecord>;
  lane: { level: number; at: number };
}

/** Where the locks are kept between starts. */
export interface PinLockStore {
  load(): PinLockState;
  /** Keeps `state`; a save that fails is reported, and the locks still hold in memory. */
  save(state: PinLockState): void;
}

const count = z.number().int().nonnegative();
const time = z.number().nonnegative();
const fileSchema = z.strictObject({
  keys: z.record(
    z.string().max(40),
    z.strictObject({ wrong: count, locks: count, lockedUntil: time, lastWrongAt: time }),
  ),
  lane: z.strictObject({ level: z.number().nonnegative(), at: time }),
});

const empty = (): PinLockState => ({ keys: {}, lane: { level: 0, at: 0 } });

/** The file the locks are kept in. */
export function pinLockPath(folder: string): string {
  return join(folder, 'pin-locks.json');
}

/** Locks kept in memory only: tests, the CLI, a core given no folder. */
export function memoryPinLockStore(): PinLockStore {
  let saved = empty();
  return {
    load: () => structuredClone(saved),
    save(state) {
      saved = structuredClone(state);
    },
  };
}

/**
 * Locks kept in `<folder>/pin-locks.json`, 0600 and written atomically (a crash leaves the old
 * file or the new one), so a restart does not hand a guesser a fresh count. A file that cannot
 * be read is reported through `onProblem` and the locks start empty: whoever can damage it can
 * delete it too, and refusing every PIN would lock the lane's staff out instead.
 */
export function filePinLockStore(folder: string, onProblem: (message: string) => void): PinLockStore {
  const file = pinLockPath(folder);
  return {
    load() {
      if (!existsSync(file)) return empty();
      try {
        return fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      } catch (error) {
        onProblem(`${file} could not be read (${(error as Error).message}); wrong-PIN locks start again`);
        return empty();
      }
    },
    save(state) {
      try {
        writeFileAtomic(file, `${JSON.stringify(state)}\n`);
      } catch (error) {
        onProblem(`${file} could not be written (${(error as Error).message}); the locks hold until the lane stops`);
      }
    },
  };
}

/** The store over `folder` (the app-data folder); without one, in memory. */
export function pinLockStore(folder: string | undefined, onProblem: (message: string) => void): PinLockStore {
  return folder ? filePinLockStore(folder, onProblem) : memoryPinLockStore();
}
