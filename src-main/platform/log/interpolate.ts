import { redactText, redactValue } from './redact';

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    // redactValue has already cut cycles; what is left to fail is a BigInt. pino's own
    // formatter prints the same marker when it cannot stringify.
    return '"[Circular]"';
  }
}

// String() throws for an object without toString (Object.create(null)) or with a throwing
// one; a log call must not take the payment flow down with it.
function printable(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '[unprintable]';
  }
}

/**
 * The message pino would build from `template` and `params` (its printf-style `%s %d %i %f
 * %j %o %O %%`, with quick-format-unescaped's exact rules, quirks included), then redacted as a
 * whole, so a card number split across two arguments is masked too. Objects given to
 * `%j %o %O` are redacted before they are stringified, so denylisted keys never reach the text.
 */
export function interpolate(template: unknown, params: readonly unknown[]): unknown {
  if (typeof template !== 'string') {
    if (template === null || typeof template !== 'object' || params.length === 0) return redactValue(template);
    return redactText([template, ...params].map((item) => stringify(redactValue(item))).join(' '));
  }
  if (params.length === 0 || !template.includes('%')) return redactText(template);
  let out = '';
  let next = 0; // index of the next parameter
  let copiedUpTo = -1;
  for (let i = 0; i < template.length; i++) {
    if (template.charCodeAt(i) !== 37 || i + 1 >= template.length) continue;
    copiedUpTo = Math.max(copiedUpTo, 0);
    const param = params[next];
    const available = next < params.length;
    let replacement: string | undefined;
    switch (template[i + 1]) {
      case 'd':
      case 'f':
        if (available && param !== null && param !== undefined) replacement = String(Number(param));
        break;
      case 'i':
        if (available && param !== null && param !== undefined) replacement = String(Math.floor(Number(param)));
        break;
      case 'O':
      case 'o':
      case 'j':
        if (!available || param === undefined) break;
        if (typeof param === 'string') replacement = `'${param}'`;
        else if (typeof param === 'function') replacement = param.name || '<anonymous>';
        else replacement = stringify(redactValue(param));
        break;
      case 's':
        if (available) replacement = printable(param);
        break;
      case '%':
        replacement = '%';
        next--; // '%%' takes no parameter
        break;
    }
    if (replacement !== undefined) {
      out += template.slice(copiedUpTo, i) + replacement;
      copiedUpTo = i + 2;
      i++;
    }
    // Like pino's formatter, any '%x' (even an unknown one) moves to the next parameter.
    next++;
  }
  if (copiedUpTo === -1) return redactText(template);
  return redactText(out + template.slice(copiedUpTo));
}
