/** The day a hub panel shows, chosen on a date field; an emptied field keeps the day it had. */
export function DayField({ day, onDay }: { day: string; onDay: (day: string) => void }) {
  return (
    <label>
      Day
      <input type="date" value={day} onChange={(event) => event.target.value && onDay(event.target.value)} />
    </label>
  );
}
