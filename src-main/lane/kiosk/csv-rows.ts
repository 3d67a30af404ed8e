/**
 * The rows of a CSV file (RFC 4180: comma separated, fields in double quotes may hold commas,
 * line breaks and doubled quotes), each with the line it starts on, so a refusal can name it.
 * Blank lines are skipped.
 */

/** One record of the file: its fields and the 1-based line it starts on. */
export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
}

/** Splits `text` into rows; an unclosed quote is refused naming the line it opened on. */
export function csvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += char;
  }
  if (quoted) throw new SyntaxError(`line ${quoteLine}: a quoted field is never closed`);
  endRow();
  return rows;
}
