import type { ServerResponse } from 'node:http';
import type { CommandError, CommandReply } from '../lane/ipc/contract/replies';

/** The HTTP status each of the bridge's error codes answers with on the back office's own routes. */
export const httpStatusOf: Record<CommandError['code'], number> = {
  invalid_argument: 400,
  unknown_command: 404,
  forbidden: 403,
  failed_precondition: 409,
  internal: 500,
  unavailable: 503,
  resource_exhausted: 413,
};

/**
 * Answers one of the back office's own routes (an upload, a download) with the bridge's reply as
 * JSON, never cached: 200 with the result, or the error's status, so the page reads a refusal as
 * it reads a command's.
 */
export function sendReply(
  response: ServerResponse,
  answer: CommandReply<unknown>,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(answer.ok ? 200 : httpStatusOf[answer.error.code], {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(answer));
}
