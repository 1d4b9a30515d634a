import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '../config/app-config';
import type { QueueService } from '../queue/queue.service';
import { DependencyUnavailableError } from '../health/unavailable';
import { MailService, SEND_MAIL } from './mail.service';

describe('MailService.render', () => {
  const mail = new MailService(loadConfig({}), {} as QueueService);
  const params = { name: 'Anna <b>', link: 'http://localhost:3000/verify-email?token=abc' };

  it('renders in English and Swedish with the link in text and HTML', () => {
    const en = mail.render('verifyEmail', 'en', params);
    const sv = mail.render('verifyEmail', 'sv', params);
    expect(en.subject).toBe('Confirm your e-mail address for Clari');
    expect(sv.subject).toBe('Bekräfta din e-postadress för Clari');
    expect(en.text).toContain('Hi Anna <b>,');
    expect(sv.text).toContain('Hej Anna <b>,');
    for (const rendered of [en, sv]) {
      expect(rendered.text).toContain(params.link);
      expect(rendered.html).toContain('href="http://localhost:3000/verify-email?token=abc"');
    }
  });

  it('escapes names in HTML', () => {
    expect(mail.render('resetPassword', 'en', params).html).toContain('Anna &lt;b&gt;');
  });
});

describe('MailService.deliver without SMTP', () => {
  it('writes every e-mail to its own file, with a .txt whose link is whole, also two in the same millisecond', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clari-mail-'));
    const mail = new MailService(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {} as QueueService);
    const link = `http://localhost:3000/verify-email?token=${'a'.repeat(80)}`;
    await Promise.all([
      mail.deliver({ to: 'a@example.com', template: 'verifyEmail', language: 'en', params: { name: 'A', link } }),
      mail.deliver({ to: 'b@example.com', template: 'verifyEmail', language: 'en', params: { name: 'B', link } }),
    ]);
    const files = readdirSync(path.join(dataDir, 'mail')).sort();
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(2);
    const texts = files
      .filter((file) => file.endsWith('.txt'))
      .map((file) => readFileSync(path.join(dataDir, 'mail', file), 'utf8'));
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain(link);
  });
});

describe('MailService.send', () => {
  const mail = {
    to: 'a@example.com',
    template: 'verifyEmail' as const,
    language: 'en' as const,
    params: { name: 'A', link: 'http://localhost:3000/verify-email?token=abc' },
  };

  it('queues the e-mail for MailProcessor', async () => {
    const enqueue = jest.fn().mockResolvedValue(undefined);
    const service = new MailService(loadConfig({ LOG_LEVEL: 'silent' }), { enqueue } as unknown as QueueService);
    await service.send(mail.to, mail.template, mail.language, mail.params);
    expect(enqueue).toHaveBeenCalledWith(SEND_MAIL, mail);
  });

  it('sends it from this process when the queue is unavailable and no processor here could run it', async () => {
    const enqueue = jest
      .fn()
      .mockRejectedValue(new DependencyUnavailableError('queue', 'Redis connection is reconnecting'));
    const service = new MailService(loadConfig({ LOG_LEVEL: 'silent' }), { enqueue } as unknown as QueueService);
    const deliver = jest.spyOn(service, 'deliver').mockResolvedValue(undefined);
    await expect(service.send(mail.to, mail.template, mail.language, mail.params)).resolves.toBeUndefined();
    expect(deliver).toHaveBeenCalledWith(mail);
  });

  it('passes on any other failure', async () => {
    const service = new MailService(loadConfig({ LOG_LEVEL: 'silent' }), {
      enqueue: jest.fn().mockRejectedValue(new Error('bad job')),
    } as unknown as QueueService);
    await expect(service.send(mail.to, mail.template, mail.language, mail.params)).rejects.toThrow('bad job');
  });
});
