import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  INTERVIEW_MESSAGES,
  interviewStatusChange,
  isInterviewToken,
  isUuidShaped,
  type CreateInterviewSessionResponse,
  type InterviewInfo,
  type InterviewSessionResponse,
  type InterviewStatus,
  type UpdateInterviewSessionRequest,
  type InterviewTokenLookupResponse,
  type Language,
} from '@clari/contracts';
import { RateLimitedException, RateLimiter } from '../../core/security/rate-limiter';
import { DomainHandlerRegistry } from '../assistant/handlers/handler.registry';
import { InterviewHandler } from './handlers/interview.handler';
import { INTERVIEW_RATE_LIMITS } from './interview.constants';
import { isInterviewGuide } from './interview-definition';
import {
  InterviewRepository,
  type InterviewRecord,
  type SessionRecord,
  type SessionWithInterview,
} from './interview.repository';
import { TOKEN_ATTEMPTS, generateInterviewToken } from './interview-token';
import { clientNetwork } from '../../core/security/client-ip.decorator';

const interviewNotFound = () =>
  new NotFoundException({ message: INTERVIEW_MESSAGES.interviewNotFound, code: 'interview_not_found' });
const sessionNotFound = () =>
  new NotFoundException({ message: INTERVIEW_MESSAGES.sessionNotFound, code: 'session_not_found' });

function sessionResponse(session: SessionRecord): InterviewSessionResponse {
  return { token: session.token, status: session.status, language: session.language, createdAt: session.createdAt };
}

/**
 * The public interview: its description, sessions with their 6-digit codes, and the forward-only
 * status. Unknown, inactive and malformed ids all answer 404 alike. Every call is limited per
 * client address; the token lookup and session creation globally as well (interview.constants).
 */
@Injectable()
export class InterviewService implements OnModuleInit {
  private readonly logger = new Logger('InterviewService');

  constructor(
    private readonly repository: InterviewRepository,
    private readonly limiter: RateLimiter,
    private readonly handlers: DomainHandlerRegistry,
    private readonly handler: InterviewHandler,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this.handler);
  }

  async info(interviewId: string, ip: string): Promise<InterviewInfo> {
    await this.limiter.consume(`interview:ip:${ip}`, INTERVIEW_RATE_LIMITS.requestsPerIp);
    const interview = await this.activeInterview(interviewId);
    return {
      interviewId: interview.id,
      title: interview.title,
      description: interview.description,
      questionCount: interview.guide.questions.length,
      retentionDays: interview.retentionDays,
    };
  }

  /** A new session with a fresh token: drawn again while taken (the unique index decides). */
  async createSession(interviewId: string, language: Language, ip: string): Promise<CreateInterviewSessionResponse> {
    await this.limiter.consume(`interview:ip:${ip}`, INTERVIEW_RATE_LIMITS.requestsPerIp);
    const interview = await this.activeInterview(interviewId);
    await this.limiter.consume(`interview:sessions:net:${clientNetwork(ip)}`, INTERVIEW_RATE_LIMITS.sessionsPerIp);
    await this.limiter.consume('interview:sessions:all', INTERVIEW_RATE_LIMITS.sessionsGlobal);
    for (let attempt = 0; attempt < TOKEN_ATTEMPTS; attempt++) {
      const session = await this.repository.createSession(interview.id, language, generateInterviewToken());
      if (session) return { sessionId: session.id, token: session.token };
    }
    this.logger.error(`No free interview token after ${TOKEN_ATTEMPTS} attempts`);
    throw new ServiceUnavailableException({ message: INTERVIEW_MESSAGES.busy });
  }

  /**
   * The guessable door. Each address (IPv6: each /64 network) has 10 lookups per 15 minutes; failed lookups are also
   * counted across all addresses and, once 60 have failed in 15 minutes, every lookup waits.
   */
  async findByToken(token: string, ip: string): Promise<InterviewTokenLookupResponse> {
    await this.limiter.consume(`interview:token:net:${clientNetwork(ip)}`, INTERVIEW_RATE_LIMITS.tokenLookupsPerIp);
    await this.limiter.assertNotExceeded('interview:token:misses', INTERVIEW_RATE_LIMITS.tokenMissesGlobal);
    if (!isInterviewToken(token))
      throw new BadRequestException({ message: INTERVIEW_MESSAGES.invalidToken, code: 'invalid_token' });
    const found = await this.repository.findByToken(token);
    if (found) return found;
    try {
      await this.limiter.consume('interview:token:misses', INTERVIEW_RATE_LIMITS.tokenMissesGlobal);
    } catch (error) {
      // This miss used up the global allowance: it still answers 404, the next lookup 429.
      if (!(error instanceof RateLimitedException)) throw error;
    }
    throw new NotFoundException({ message: INTERVIEW_MESSAGES.tokenNotFound, code: 'session_not_found' });
  }

  async getSession(interviewId: string, sessionId: string, ip: string): Promise<InterviewSessionResponse> {
    await this.limiter.consume(`interview:ip:${ip}`, INTERVIEW_RATE_LIMITS.requestsPerIp);
    return sessionResponse(await this.session(interviewId, sessionId));
  }

  /** Forward one step only (400 otherwise); asking for the current status changes nothing. */
  /** A PATCH: the language first (Clari follows the page's toggle), then the status. */
  async updateSession(
    interviewId: string,
    sessionId: string,
    change: UpdateInterviewSessionRequest,
    ip: string,
  ): Promise<InterviewSessionResponse> {
    await this.limiter.consume(`interview:ip:${ip}`, INTERVIEW_RATE_LIMITS.requestsPerIp);
    let session = await this.session(interviewId, sessionId);
    if (change.language && change.language !== session.language) {
      if (session.status === 'completed')
        throw new ConflictException({ message: INTERVIEW_MESSAGES.completed, code: 'interview_completed' });
      await this.repository.setLanguage(session.id, change.language);
      session = { ...session, language: change.language };
    }
    return change.status ? this.moveStatus(session, interviewId, sessionId, change.status) : sessionResponse(session);
  }

  private async moveStatus(
    first: SessionWithInterview,
    interviewId: string,
    sessionId: string,
    status: InterviewStatus,
  ): Promise<InterviewSessionResponse> {
    let session = first;
    // Two tabs may move the same session at once: the loser re-reads and judges again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const change = interviewStatusChange(session.status, status);
      if (change === 'same') return sessionResponse(session);
      if (change === 'invalid')
        throw new BadRequestException({
          message: INTERVIEW_MESSAGES.invalidTransition,
          code: 'invalid_status_transition',
          from: session.status,
          to: status,
        });
      if (await this.repository.moveStatus(session.id, session.status, status))
        return sessionResponse({ ...session, status });
      session = await this.session(interviewId, sessionId);
    }
    return sessionResponse(session);
  }

  private async activeInterview(interviewId: string): Promise<InterviewRecord> {
    const interview = isUuidShaped(interviewId)
      ? await this.repository.findInterview(interviewId, { activeOnly: true })
      : null;
    if (!interview || !isInterviewGuide(interview.guide)) throw interviewNotFound();
    return interview;
  }

  private async session(interviewId: string, sessionId: string): Promise<SessionWithInterview> {
    const session =
      isUuidShaped(interviewId) && isUuidShaped(sessionId)
        ? await this.repository.findSession(interviewId, sessionId)
        : null;
    if (!session) throw sessionNotFound();
    return session;
  }
}
