import { useState } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionResult } from '../components/ActionResult';
import { DayField } from './DayField';
import { useBackOffice } from '../store';
import { money, today, when } from './format';
import { useHubLoad } from './use-hub-load';

/** Over (+) or short (−) when the drawer was counted; a dash while the shift is open. */
function overShort(counted: number | null | undefined, expected: number | null | undefined): string {
  if (counted === null || counted === undefined || expected === null || expected === undefined) return '—';
  const difference = counted - expected;
  if (difference === 0) return 'even';
  return difference > 0 ? `over ${money(difference)}` : `short ${money(-difference)}`;
}

/** The day's shifts on every lane, by cashier, with each drawer's count against what was expected. */
export function ShiftsPanel({ storeId }: { storeId: string }) {
  const run = useBackOffice((state) => state.run);
  const [day, setDay] = useState(today());
  const { value: shifts, action: load } = useHubLoad(() => run('hub.shifts', { storeId, day }), `${storeId} ${day}`);
  const sorted = [...(shifts ?? [])].sort((a, b) => a.openedBy.localeCompare(b.openedBy) || a.openedAt - b.openedAt);
  return (
    <section className="bo-panel" aria-labelledby="hub-shifts-heading">
      <h2 id="hub-shifts-heading">Shifts by cashier</h2>
      <div className="bo-inline">
        <DayField day={day} onDay={setDay} />
      </div>
      <ActionResult action={load} />
      {shifts && shifts.length === 0 ? <p className="bo-note">No shifts on {day}.</p> : null}
      {sorted.length > 0 ? (
        <table className="bo-table">
          <caption>Shifts on {day}</caption>
          <ColumnHeads
            names={['Cashier', 'Lane', 'Opened', 'Closed', 'Float', 'Counted', 'Expected', 'Over / short']}
            money={['Float', 'Counted', 'Expected']}
          />
          <tbody>
            {sorted.map((shift) => (
              <tr key={`${shift.laneId} ${shift.shiftId}`}>
                <th scope="row">{shift.openedBy}</th>
                <td>{shift.laneId}</td>
                <td>{when(shift.openedAt)}</td>
                <td>{shift.closedAt ? `${when(shift.closedAt)} by ${shift.closedBy ?? '?'}` : 'open'}</td>
                <td className="money">{money(shift.floatMinor)}</td>
                <td className="money">{money(shift.countedMinor)}</td>
                <td className="money">{money(shift.expectedMinor)}</td>
                <td>{overShort(shift.countedMinor, shift.expectedMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
