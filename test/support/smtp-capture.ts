import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text/plain part (quoted-printable undone). */
  text: string;
}

/** An SMTP server on a free port that keeps every message it receives. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private server?: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  async start(): Promise<string> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: decodeSubject(raw),
            text: decodeText(raw),
          });
          this.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /**
   * Waits until a message to `to` arrives (any recipient when omitted), among the messages
   * received after the first `after` ones (all when omitted), and returns the newest.
   */
  async waitFor(
    to?: string,
    { after = 0, timeoutMs = 5000 }: { after?: number; timeoutMs?: number } = {},
  ): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(after)
        .reverse()
        .find((m) => !to || m.to.includes(to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No e-mail to ${to ?? 'anyone'} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function decodeSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const words = [...header.matchAll(/=\?utf-8\?([QB])\?(.*?)\?=/gi)];
  if (!words.length) return header.replace(/\r?\n[ \t]/g, ' ');
  // Adjacent encoded-words form one byte sequence (RFC 2047 §6.2): decode bytes, then UTF-8.
  const bytes = words
    .map(([, encoding, text]) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .join('');
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeText(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  const body = part?.[1] ?? raw;
  const quotedPrintable = /Content-Transfer-Encoding: quoted-printable/i.test(raw);
  if (!quotedPrintable) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
