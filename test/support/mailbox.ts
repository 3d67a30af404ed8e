import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

/** A real SMTP server on a loopback port that parses each mail it is given (mailparser). */
export interface Mailbox {
  readonly port: number;
  readonly received: ParsedMail[];
}

/** Mailboxes for one test file, closed after each test. */
export function mailboxes(): () => Promise<Mailbox> {
  const servers: SMTPServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  });
  return async () => {
    const received: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, done) => void simpleParser(stream).then((mail) => (received.push(mail), done()), done),
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.server.address() as { port: number }).port, received };
  };
}
