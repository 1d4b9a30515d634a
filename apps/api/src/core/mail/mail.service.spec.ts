import { loadConfig } from '../config/app-config';
import { QueueService } from '../queue/queue.service';
import { InProcessQueueDriver } from '../queue/in-process.driver';
import { MailService } from './mail.service';

describe('MailService.render', () => {
  const mail = new MailService(loadConfig({}), new QueueService(new InProcessQueueDriver()));
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
