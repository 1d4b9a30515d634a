import { Module } from '@nestjs/common';
import { AssistantModule } from '../assistant/assistant.module';
import { AuthModule } from '../auth/auth.module';
import { JournalController } from './journal.controller';
import { JournalService } from './journal.service';

/** The clinician-only Journal (part 2): transcription and journal summaries; stores nothing. */
@Module({
  imports: [AuthModule, AssistantModule],
  controllers: [JournalController],
  providers: [JournalService],
})
export class JournalModule {}
