import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP listener (on a free port unless one is named) that keeps what it receives, or refuses it while
 * `refusing`. The server tests, the crash script and the Playwright journeys use it.
 */
export interface SmtpCapture {
  port: number;
  url: string;
  received: { to: string[]; raw: string }[];
  refusing: boolean;
  close(): Promise<void>;
}

export async function captureSmtp(port = 0): Promise<SmtpCapture> {
  const capture = { received: [], refusing: false } as unknown as SmtpCapture;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (capture.refusing) return callback(new Error('mailbox unavailable'));
        capture.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  // A sender that disconnects mid-message (a server killed on purpose) is not the listener's failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  capture.port = (server.server.address() as { port: number }).port;
  capture.url = `smtp://127.0.0.1:${capture.port}`;
  capture.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return capture;
}
