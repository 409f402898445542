/** A column heading: its words, or its words and a class (e.g. `num` for a right-aligned amount). */
export type Column = string | { label: string; className?: string; };

/** A table's header row: one column heading per entry, in order. */
export function TableHead({ columns }: { columns: readonly Column[]; }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const { label, className } = typeof c === 'string' ? { label: c, className: undefined } : c;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
