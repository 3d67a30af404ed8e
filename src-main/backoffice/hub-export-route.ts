/**
 * `POST /hub/export.csv?store=…&day=…` on the back office host: the hub's CSV of the day's
 * payments, passed through as a download. POST (not a link's GET) so the host's guards apply
 * as to every route: the back office's own page, with the session token; the page saves the
 * answer as a file. A refusal is the bridge's JSON error, like the upload route's.
 */
import { z } from 'zod';
import type { HostRoute } from '../platform/http/inbound';
import { describeInvalidArguments } from '../lane/ipc/dispatcher';
import type { CommandError } from '../lane/ipc/contract/replies';
import type { Logger } from '../platform/log/logger';
import { businessDay, hubExportPath, storeId } from './contract/hub';
import { backofficeErrorOf } from './errors';
import { sendReply } from './route-reply';
import type { HubAccess } from './hub-access';

const exportQuery = z.strictObject({ store: storeId, day: businessDay });

export function hubExportRoute(options: { hub: HubAccess; logger: Logger }): HostRoute {
  return {
    method: 'POST',
    path: hubExportPath,
    async handle(_request, response, url) {
      const refuse = (error: CommandError) => sendReply(response, { ok: false, error });
      const query = exportQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return refuse(describeInvalidArguments('hub export', query.error));
      const { store, day } = query.data;
      let csv: string;
      try {
        csv = await (await options.hub.client()).exportCsv(store, day);
      } catch (error) {
        const expected = backofficeErrorOf(error);
        if (!expected) throw error;
        return refuse(expected);
      }
      options.logger.info({ storeId: store, day, bytes: Buffer.byteLength(csv) }, 'hub export served');
      response.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="sales-${store}-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
      response.end(csv);
    },
  };
}
