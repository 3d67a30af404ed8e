/** A table's header row: one column heading per name, in order; those in `money` align right as amounts do. */
export function ColumnHeads({ names, money = [] }: { names: readonly string[]; money?: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th scope="col" key={name} className={money.includes(name) ? 'money' : undefined}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
