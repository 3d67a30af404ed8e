import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequest, type EmulatorAnswer } from './emulator-context';

const maxBodyBytes = 64 * 1024;

/** Reads the whole body with plain events (async iteration costs more per request under load). */
function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        request.pause();
        reject(new BadRequest(`request body over ${maxBodyBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readText(request);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequest('request body is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadRequest('request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export function send(response: ServerResponse, answer: EmulatorAnswer): void {
  // Plain-text answers (errors, the credential test, "Null Batches") go out as text, not JSON.
  const isText = typeof answer.body === 'string';
  const payload = isText ? String(answer.body) : JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    'Content-Length': Buffer.byteLength(payload),
  });
  response.end(payload);
}
