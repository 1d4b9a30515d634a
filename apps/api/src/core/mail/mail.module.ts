import { Global, Module } from '@nestjs/common';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}

/** The mail queue's processor; imported only by processes that run jobs (app.module.ts). */
@Module({ providers: [MailProcessor] })
export class MailProcessorsModule {}
