import { KindedError } from '../platform/errors';

/**
 * The hub's errors: `storage` (the database refused or is unreachable), `newer-schema` (a
 * database written by a newer hub), `invalid` (a request that names what was wrong),
 * `unauthorized` / `forbidden` (a key that is wrong, or a lane reaching for another's data),
 * `conflict` (a gap in a lane's stream, a journal replaced, a store that exists), `not-found`.
 */
export type HubErrorKind =
  'storage' | 'newer-schema' | 'invalid' | 'unauthorized' | 'forbidden' | 'conflict' | 'not-found';

export class HubError extends KindedError<HubErrorKind> {
  override readonly name = 'HubError';
}
