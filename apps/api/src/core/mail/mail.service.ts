import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import type { Language } from '@clari/contracts';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DependencyUnavailableError } from '../health/unavailable';
import { MAIL_TEXTS, interpolate } from '../i18n/locales';
import { QueueService } from '../queue/queue.service';
import type { JobDefinition } from '../queue/queue.types';

export type MailTemplate = Exclude<keyof (typeof MAIL_TEXTS)['en'], 'layout'>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailParams {
  /** The recipient's name for the greeting. */
  name: string;
  /** The one link the mail is about (verification, reset, …). */
  link: string;
}

export interface OutgoingMail {
  to: string;
  template: MailTemplate;
  language: Language;
  params: MailParams;
}

/** One e-mail on the `mail` queue, delivered by MailProcessor. */
export const SEND_MAIL: JobDefinition<OutgoingMail, void> = {
  queue: 'mail',
  name: 'send-mail',
  options: { attempts: 5, backoffMs: 2000, timeoutMs: 30_000 },
};

/**
 * Sends the product's e-mails in the recipient's language. With SMTP_URL they go through
 * that server; otherwise each one is written to <dataDir>/mail/ and its link printed to the
 * log, so a developer can follow it without a mail server.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('MailService');
  private readonly transport: Transporter;
  readonly driver: 'smtp' | 'log';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: QueueService,
  ) {
    this.driver = config.mail.smtpUrl ? 'smtp' : 'log';
    this.transport = config.mail.smtpUrl
      ? nodemailer.createTransport(config.mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  render(template: MailTemplate, language: Language, params: MailParams): RenderedMail {
    const texts = MAIL_TEXTS[language] ?? MAIL_TEXTS.en;
    const layout = texts.layout;
    const body = texts[template];
    const values = { ...params, product: 'Clari' };
    const greeting = interpolate(layout.greeting, values);
    const intro = interpolate(body.intro, values);
    const action = interpolate(body.action, values);
    const outro = interpolate(body.outro, values);
    const signature = interpolate(layout.signature, values);
    const text = [greeting, '', intro, '', `${action}: ${params.link}`, '', outro, '', signature].join('\n');
    const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f2933">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;padding:10px 18px;background:#2f6f6a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(params.link)}</p>
<p>${escapeHtml(outro)}</p><p>${escapeHtml(signature)}</p></body></html>`;
    return { subject: interpolate(body.subject, values), text, html };
  }

  /** Queues an e-mail (requests never wait for the mail server); MailProcessor delivers it, with retries. */
  async send(to: string, template: MailTemplate, language: Language, params: MailParams): Promise<void> {
    const mail: OutgoingMail = { to, template, language, params };
    try {
      await this.queue.enqueue(SEND_MAIL, mail);
    } catch (error) {
      // Redis is away and this process runs no processors (RUN_QUEUE_PROCESSORS=false), so the
      // queue cannot run the job here either (processes with processors do, with retries):
      // deliver it now, once, rather than fail a sign-up over its e-mail.
      if (!(error instanceof DependencyUnavailableError)) throw error;
      this.logger.warn(
        `E-mail "${template}": the queue is unavailable, sending it from this process (${error.message})`,
      );
      this.deliver(mail).catch((failure: Error) =>
        this.logger.error(`E-mail "${template}" could not be sent: ${failure.message}`),
      );
    }
  }

  /** Renders and hands one e-mail to the transport (the queue job's work). */
  async deliver({ to, template, language, params }: OutgoingMail): Promise<void> {
    const mail = this.render(template, language, params);
    const info = await this.transport.sendMail({ from: this.config.mail.from, to, ...mail });
    if (this.driver === 'log') {
      const folder = path.join(this.config.dataDir, 'mail');
      await mkdir(folder, { recursive: true });
      // A random part: two e-mails written in the same millisecond must not overwrite each other.
      const base = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${template}-${randomBytes(4).toString('hex')}`,
      );
      const file = `${base}.eml`;
      await writeFile(file, (info as { message: Buffer }).message);
      // The .eml is quoted-printable (a long link is split); the .txt has the text with the link whole, to copy.
      await writeFile(`${base}.txt`, `To: ${to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      this.logger.log(`E-mail "${template}" written to ${file} — link: ${params.link}`);
    } else {
      this.logger.log(`E-mail "${template}" sent`);
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
