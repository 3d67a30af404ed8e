/** A key written twice in one JSON object: JSON.parse keeps the last silently. */
export interface DuplicateKey {
  /** Dotted path of the key, e.g. "gateway.url"; list positions appear as numbers ("printers.0.id"). */
  readonly path: string;
  /** The line (from 1) of its second appearance, which an editor can find. */
  readonly line: number;
}

interface Level {
  readonly keys: Set<string> | undefined;
  readonly path: string;
  /** The object's last key, or the list's next index, so a nested value knows its path. */
  last: string;
  index: number;
}

/**
 * Every key written more than once in the same object of `text`, which must already have
 * parsed as JSON (this only tokenizes strings and brackets). A person editing settings.json
 * who writes `"mode"` twice means one of them; which one wins should not be left to chance.
 */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Level[] = [];
  let line = 1;
  const childPath = () => {
    const parent = stack[stack.length - 1];
    if (!parent) return '';
    const name = parent.keys ? parent.last : String(parent.index);
    return parent.path ? `${parent.path}.${name}` : name;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '\n') line++;
    else if (char === '{' || char === '[')
      stack.push({ keys: char === '{' ? new Set() : undefined, path: childPath(), last: '', index: 0 });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const top = stack[stack.length - 1];
      if (top && !top.keys) top.index++;
    } else if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const value = JSON.parse(text.slice(at, end + 1)) as string;
      at = end;
      let next = end + 1;
      while (/\s/.test(text[next] ?? '')) next++;
      const top = stack[stack.length - 1];
      if (text[next] === ':' && top?.keys) {
        if (top.keys.has(value)) found.push({ path: top.path ? `${top.path}.${value}` : value, line });
        top.keys.add(value);
        top.last = value;
      }
    }
  }
  return found;
}
