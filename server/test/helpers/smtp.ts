import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { arrivals } from './wait-for.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving within the timeout) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process, on a free port; every mail it receives is parsed and kept. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const mail = arrivals(messages, (ms) => `No matching mail within ${ms} ms (received ${messages.length})`);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          mail.arrived();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: mail.waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
