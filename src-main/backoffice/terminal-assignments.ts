/**
 * Which lane of a store takes cards on which integrated terminal, kept in the back office's folder
 * (`terminal-assignments.json`): the back office gives each lane its HSN in the provisioning file
 * and keeps no copy of the file, so this record is how it refuses to give one terminal to two
 * lanes of a store. The hub is asked which lanes still exist: a lane gone from the hub frees its
 * terminal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KindedError } from '../platform/errors';
import { writeFileAtomic } from '../platform/private-file';

const assignmentSchema = z.object({
  storeId: z.string(),
  hsn: z.string(),
  laneId: z.string(),
  laneName: z.string(),
});
export type TerminalAssignment = z.output<typeof assignmentSchema>;

export interface TerminalAssignments {
  /** The store's lanes that have a terminal, among the lanes in `liveLaneIds` (the hub's). */
  held(storeId: string, liveLaneIds: ReadonlySet<string>): TerminalAssignment[];
  /** Records that `laneId` takes cards on `hsn`; a lane has one terminal, so an older entry of it goes. */
  assign(assignment: TerminalAssignment): void;
}

/** Opens (or starts) the record in `home`; each change is written at once, atomically. */
export function openTerminalAssignments(home: string): TerminalAssignments {
  const file = join(home, 'terminal-assignments.json');
  let entries: TerminalAssignment[];
  try {
    entries = z.array(assignmentSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new KindedError(
        'damaged',
        `${file} is not a list of terminal assignments: restore it from a backup or move it away`,
        { cause: error },
      );
    entries = [];
  }
  return {
    held(storeId, liveLaneIds) {
      return entries.filter((entry) => entry.storeId === storeId && liveLaneIds.has(entry.laneId));
    },
    assign(assignment) {
      entries = [...entries.filter((entry) => entry.laneId !== assignment.laneId), { ...assignment }];
      writeFileAtomic(file, `${JSON.stringify(entries, null, 2)}\n`);
    },
  };
}
