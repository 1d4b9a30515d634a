import { Process, Processor } from '@nestjs/bull';
import { JOB_CONCURRENCY, type ProcessorJob } from '../queue/queue.types';
import { MailService, SEND_MAIL, type OutgoingMail } from './mail.service';

/** The `mail` queue: MailService.send() adds, this delivers. A retried attempt may send an e-mail twice, never none. */
@Processor(SEND_MAIL.queue)
export class MailProcessor {
  constructor(private readonly mail: MailService) {}

  @Process({ name: SEND_MAIL.name, concurrency: JOB_CONCURRENCY })
  async send(job: ProcessorJob<OutgoingMail>): Promise<void> {
    await this.mail.deliver(job.data);
  }
}
