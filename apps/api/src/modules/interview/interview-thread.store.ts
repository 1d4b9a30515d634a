import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ASSISTANT_LIMITS,
  INTERVIEW_MESSAGES,
  INTERVIEW_PHASE,
  isUuidShaped,
  type ChatHistoryItem,
  type ConversationData,
} from '@clari/contracts';
import { PiiScrubber } from '../../core/ai/pii-scrubber';
import type { DomainThreadStore, HandlerResult, StoredThread } from '../assistant/handlers/domain-handler';
import { threadField } from '../assistant/handlers/thread-id';
import { interviewProgressOf, type InterviewFacts } from './handlers/interview-facts';
import { removeIntroducedNames } from './handlers/interview-guide';
import { isInterviewGuide } from './interview-definition';
import { InterviewRepository, SessionClosedError, type SessionWithInterview } from './interview.repository';

/**
 * The interview's conversations, kept with their session instead of in the per-user store
 * (a participant has no account): the thread is conversationData.session_id, and it must
 * belong to conversationData.interview_id of an active interview (404 otherwise). A completed
 * session stays readable but takes no more messages (409). What the participant writes is
 * stored without e-mail addresses, phone numbers, personal identity numbers and names they
 * introduce themselves with; the messages go with the session when its retention ends.
 */
@Injectable()
export class InterviewThreadStore implements DomainThreadStore {
  constructor(
    private readonly repository: InterviewRepository,
    private readonly scrubber: PiiScrubber,
  ) {}

  async open(threadId: string, data: ConversationData, forWriting: boolean): Promise<StoredThread> {
    const session = await this.session(threadId, data);
    if (forWriting && session.status === 'completed')
      throw new ConflictException({ message: INTERVIEW_MESSAGES.completed, code: 'interview_completed' });
    const messages = await this.repository.listMessages(session.id, ASSISTANT_LIMITS.historyMax);
    const facts: InterviewFacts = {
      title: session.interview.title,
      guide: session.interview.guide,
      answered: session.answered,
      probed: session.probed,
    };
    return {
      messages,
      phase: messages.length ? INTERVIEW_PHASE : null,
      suggestions: session.status === 'completed' ? [] : session.suggestions,
      facts,
    };
  }

  async append(threadId: string, messages: ChatHistoryItem[], result: HandlerResult): Promise<StoredThread> {
    const progress = interviewProgressOf(result.threadState);
    const complete = result.extra?.isComplete === true;
    let stored: ChatHistoryItem[];
    try {
      stored = await this.repository.appendTurn(
        threadId,
        messages.map((message) => ({
          role: message.role,
          content: message.role === 'user' ? this.anonymise(message.content) : message.content,
          questionIndex: message.role === 'user' && !message.risk ? (progress?.questionIndex ?? null) : null,
          kind: message.role === 'user' && !message.risk ? (progress?.kind ?? null) : null,
          timestamp: message.timestamp,
          ...(message.risk ? { risk: message.risk } : {}),
        })),
        {
          answered: progress?.answered,
          probed: progress?.probed,
          suggestions: complete ? [] : result.suggestions,
          complete,
        },
        ASSISTANT_LIMITS.historyMax,
      );
    } catch (error) {
      if (error instanceof SessionClosedError)
        throw new ConflictException({ message: INTERVIEW_MESSAGES.completed, code: 'interview_completed' });
      throw error;
    }
    return {
      messages: stored,
      phase: INTERVIEW_PHASE,
      suggestions: result.suggestions,
    };
  }

  /** What is kept of a participant's message: identifiers replaced by placeholders. */
  anonymise(text: string): string {
    return removeIntroducedNames(this.scrubber.scrub(text)).slice(0, ASSISTANT_LIMITS.messageMax);
  }

  private async session(threadId: string, data: ConversationData): Promise<SessionWithInterview> {
    const interviewId = threadField(data.interview_id);
    const session =
      isUuidShaped(threadId) && isUuidShaped(interviewId)
        ? await this.repository.findSession(interviewId, threadId)
        : null;
    if (!session || !isInterviewGuide(session.interview.guide))
      throw new NotFoundException({ message: INTERVIEW_MESSAGES.sessionNotFound, code: 'session_not_found' });
    return session;
  }
}
