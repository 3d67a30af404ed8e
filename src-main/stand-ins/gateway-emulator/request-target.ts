import { KindedError } from '../../platform/errors';
/**
 * The request line's target, read once and the same way for routing, the rate limit and fault
 * injection, so no spelling of a path reaches an endpoint while slipping past the other two
 * (`//x/rest/inquire/...`, `/rest/./inquire/...`, `/rest/%69nquire/...` all once did).
 */

/** A target that cannot be read; the emulator answers 400 with `problem` in a JSON body. */
export class MalformedTarget extends KindedError<'malformed'> {
  constructor(readonly problem: string) {
    super('malformed', problem);
    this.name = 'MalformedTarget';
  }
}

export interface RequestTarget {
  /** Percent-decoded path segments, with empty, `.` and `..` segments resolved away. */
  readonly segments: readonly string[];
  /** The normalised path: `/` and the segments, each re-encoded. For logs and tests. */
  readonly path: string;
  readonly query: URLSearchParams;
}

function decode(text: string, where: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    const stray = /%(?![0-9A-Fa-f]{2}).{0,2}/s.exec(text)?.[0];
    throw new MalformedTarget(
      stray === undefined
        ? `malformed percent-encoding in the ${where}: "${text.slice(0, 60)}" does not decode to UTF-8 text`
        : `malformed percent-encoding in the ${where}: "${stray}" is not % and two hex digits (write a % as %25)`,
    );
  }
}

/** Query parameters, each key and value checked for percent-encoding URLSearchParams would let pass. */
function readQuery(search: string): URLSearchParams {
  for (const pair of search.split('&')) {
    for (const part of pair.split('=')) decode(part.replace(/\+/g, ' '), 'query');
  }
  return new URLSearchParams(search);
}

/**
 * Reads `request.url` as node:http hands it over: origin form (`/rest/...`), or absolute form
 * (`http://host/rest/...`), whose host is ignored. Segments are decoded before dot segments are
 * resolved, so `%2e%2e` counts as `..`; case is kept, as the gateway's endpoint names are
 * case-sensitive. Throws `MalformedTarget` on bad percent-encoding or a target of another shape.
 */
export function readRequestTarget(rawTarget: string): RequestTarget {
  let target = rawTarget;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (absolute) target = target.slice(absolute[0].length) || '/';
  if (!target.startsWith('/')) throw new MalformedTarget('the request target must be a path starting with "/"');
  const hash = target.indexOf('#');
  if (hash >= 0) target = target.slice(0, hash);
  const question = target.indexOf('?');
  const rawPath = question >= 0 ? target.slice(0, question) : target;
  const query = readQuery(question >= 0 ? target.slice(question + 1) : '');
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    const segment = decode(raw, 'path');
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return { segments, path: `/${segments.map(encodeURIComponent).join('/')}`, query };
}

/** The REST root the reference documents (`https://<site>.<host>/cardconnect/rest`). */
export const referenceRestRoot = '/cardconnect/rest/';

/**
 * The segments after a REST root, `/cardconnect/rest/` or the emulator's own `/rest/`, or
 * undefined for a path under neither. Both roots reach the same endpoints, rate limit and faults.
 */
export function gatewayTail(segments: readonly string[]): readonly string[] | undefined {
  if (segments[0] === 'cardconnect' && segments[1] === 'rest') return segments.slice(2);
  if (segments[0] === 'rest') return segments.slice(1);
  return undefined;
}
