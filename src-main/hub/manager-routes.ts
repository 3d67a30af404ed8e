/**
 * The manager's reports, settings pushes and export as hub routes (admin key): the HTTP side of
 * the plain functions in ./manager/admin-routes.ts, which read and check every input.
 */
import {
  getDay,
  getExportCsv,
  getSale,
  getSales,
  getSettings,
  getShifts,
  postSettings,
  type AdminContext,
} from './manager/admin-routes';
import { json, type HubContext, type HubRequest, type HubRoute } from './routes';

/** The query string as a plain object (the first value of each name). */
const queryOf = (request: HubRequest) => Object.fromEntries(request.url.searchParams);

const adminContext = (context: HubContext): AdminContext => ({
  now: () => context.clock.now(),
  admin: 'hub admin',
  ...(context.gateway ? { gateway: context.gateway } : {}),
});

const get = (path: string, answer: (context: HubContext, request: HubRequest) => Promise<unknown>): HubRoute => ({
  method: 'GET',
  path,
  access: 'admin',
  handle: async (context, request) => json(200, await answer(context, request)),
});

export const managerRoutes: readonly HubRoute[] = [
  get('/api/admin/sales', ({ database }, request) => getSales(database, queryOf(request))),
  get('/api/admin/sales/:laneId/:entryId', ({ database }, request) => getSale(database, request.params)),
  get('/api/admin/day', (context, request) => getDay(context.database, queryOf(request), adminContext(context))),
  get('/api/admin/shifts', ({ database }, request) => getShifts(database, queryOf(request))),
  get('/api/admin/settings', ({ database }, request) => getSettings(database, queryOf(request))),
  {
    method: 'POST',
    path: '/api/admin/settings',
    access: 'admin',
    handle: async (context, request) =>
      json(201, await postSettings(context.database, await request.body(), adminContext(context))),
  },
  {
    method: 'GET',
    path: '/api/admin/export.csv',
    access: 'admin',
    handle: async ({ database }, request) => {
      const csv = getExportCsv(database, queryOf(request));
      return {
        status: 200,
        stream: csv.body,
        contentType: csv.contentType,
        headers: { 'Content-Disposition': `attachment; filename="${csv.fileName}"` },
      };
    },
  },
];
