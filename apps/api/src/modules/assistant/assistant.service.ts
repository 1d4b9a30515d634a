import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  RISK_LEVELS,
  isLanguage,
  type ChatHistoryItem,
  type ChatRequest,
  type ChatResponse,
  type ClearConversationRequest,
  type ClearConversationResponse,
  type ConversationData,
  type FlaggedRisk,
  type Language,
  type RiskLevel,
} from '@clari/contracts';

/** What the safety net answers instead of a guide: the level reported, the reply, and how both messages are flagged. */
interface SafetyTurn {
  risk: RiskLevel;
  reply: string;
  /** The user's message is flagged (kept out of what guides read); null for a turn that is no sign. */
  userFlag: FlaggedRisk | null;
  replyFlag: FlaggedRisk | null;
}

function lastReplyRisk(thread: readonly ChatHistoryItem[]): FlaggedRisk | undefined {
  return [...thread].reverse().find((item) => item.role === 'assistant')?.risk;
}

function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);
}
import { AI_PROVIDER, AiProvider } from '../../core/ai/ai.types';
import { PiiScrubber } from '../../core/ai/pii-scrubber';
import { RateLimiter } from '../../core/security/rate-limiter';
import type { UserEntity } from '../users/entities/user.entity';
import { UserDataRegistry } from '../users/user-data.registry';
import { ASSISTANT_RATE_LIMITS, POLITE_FALLBACK } from './assistant.constants';
import { ConversationsRepository, ThreadKey } from './conversations.repository';
import type { DomainHandler, DomainThreadStore, HandlerResult, TurnContext } from './handlers/domain-handler';
import { aboutClariReply, aboutClariTopic } from './dialogue/about-clari';
import { withoutRepeats } from './dialogue/repeats';
import { DomainHandlerRegistry } from './handlers/handler.registry';
import { SafetyService, type SafetyVerdict } from './safety/safety.service';
import { partialAnswer, replyChunks, type ChatStream } from './streaming';

/** part 1 §1: the chosen context's language, else the user's, else en. */
export function resolveLanguage(requested: unknown, fromData: unknown, userLanguage: unknown): Language {
  for (const candidate of [requested, fromData, userLanguage]) {
    const short = typeof candidate === 'string' ? candidate.trim().slice(0, 2).toLowerCase() : candidate;
    if (isLanguage(short)) return short;
  }
  return DEFAULT_LANGUAGE;
}

const UNKNOWN_DOMAIN = 'Unknown conversation domain.';
const ONE_SHOT_FAILED = 'Clari could not write this just now. Please try again.';
const NOT_CLEARABLE = 'This conversation cannot be cleared.';

/**
 * Clari's conversations: routes each message to its domain handler, keeps the thread, and
 * makes sure nothing identifying leaves for the provider and nothing malformed reaches the user.
 */
@Injectable()
export class AssistantService implements OnModuleInit {
  private readonly logger = new Logger('AssistantService');

  constructor(
    private readonly registry: DomainHandlerRegistry,
    private readonly conversations: ConversationsRepository,
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly scrubber: PiiScrubber,
    private readonly limiter: RateLimiter,
    private readonly userData: UserDataRegistry,
    private readonly safety: SafetyService,
  ) {}

  onModuleInit(): void {
    this.userData.register({
      key: 'assistantConversations',
      export: async (userId) =>
        (await this.conversations.listForExport(userId)).map((row) => ({
          domain: row.domain,
          thread: row.threadId,
          phase: row.phase,
          lastMessageAt: row.updatedAt,
          messages: row.messages,
        })),
    });
  }

  /**
   * One chat call. `user` is null only for a visitor on a domain that allows anonymous use
   * (the controller's ChatAccessGuard lets nothing else through); `ip` keys their rate limits.
   * Every domain runs the same way; only where the thread is kept differs: in the user's
   * conversation store, or in the domain's own store (an interview's session). With `stream`,
   * the reply's text is also given as it is written (see streaming.ts); the returned answer is
   * the complete, validated one, and only it carries updates.
   */
  async chat(
    user: UserEntity | null,
    request: ChatRequest,
    ip = 'unknown',
    stream?: ChatStream,
  ): Promise<ChatResponse> {
    const handler = this.handlerOf(request.conversationDomain);
    const store = handler.threadStore ?? (user ? this.userThreads(user.id, request.conversationDomain) : null);
    if (!store) throw new UnauthorizedException({ message: 'Please log in to continue.', code: 'not_authenticated' });
    const data = request.conversationData ?? {};
    const domain = request.conversationDomain;
    const threadId = handler.threadId(data, domain);
    const language = resolveLanguage(request.language, data.language, user?.language);
    const caller = user ? user.id : `ip:${ip}`;
    const message = request.message.trim();

    if (!message) {
      await this.limiter.consume(
        `assistant:history:${caller}`,
        user ? ASSISTANT_RATE_LIMITS.historyPerUser : ASSISTANT_RATE_LIMITS.historyPerIp,
      );
      const thread = await store.open(threadId, data, false);
      const phase = thread.phase ?? handler.initialPhase(data, domain);
      if (thread.messages.length > 0) {
        return {
          reply: lastAssistantReply(thread.messages),
          history: thread.messages,
          aiSuggestions: thread.suggestions,
          currentPhase: phase,
          updates: {},
          risk: 'none',
        };
      }
      const opening = handler.opening({ domain, language, data, phase, facts: thread.facts });
      return {
        reply: opening.greeting,
        history: [],
        aiSuggestions: opening.suggestions,
        currentPhase: phase,
        updates: {},
        risk: 'none',
      };
    }

    await this.limiter.consume(
      `assistant:chat:${caller}`,
      user ? ASSISTANT_RATE_LIMITS.chatPerUser : ASSISTANT_RATE_LIMITS.chatPerIp,
    );
    const thread = await store.open(threadId, data, true);
    // A domain's own threads can be reached by visitors from many addresses: each has a limit too.
    if (handler.threadStore)
      await this.limiter.consume(`assistant:chat:thread:${domain}:${threadId}`, ASSISTANT_RATE_LIMITS.chatPerThread);
    const phase = thread.phase ?? handler.initialPhase(data, domain);
    const asked = new Date().toISOString();
    // A new thread keeps the greeting the user saw, so the conversation reads as it happened
    // (and the model knows what it asked).
    const greeting =
      thread.messages.length === 0 && handler.keepsHistory !== false
        ? handler.opening({ domain, language, data, phase, facts: thread.facts }).greeting
        : '';
    const opened: ChatHistoryItem[] = greeting ? [{ role: 'assistant', content: greeting, timestamp: asked }] : [];

    // The safety check runs before any handler or provider, for every domain: a crisis, urgent
    // or concern message (or an answer to Clari's check-in or "are you safe?") is never content.
    const checked = await this.safety.check(message);
    // Crisis messages and Clari's answers to them are left out of everything a guide reads.
    const history = [...opened, ...thread.messages].filter((item) => !item.risk);
    const turn: TurnContext = { domain, threadId, language, message, history, data, phase, facts: thread.facts };
    const names = user ? [user.fullName] : [];
    let safetyTurn = this.safetyTurnFor(language, thread.messages, message, checked, domain);
    if (safetyTurn?.replyFlag === 'concern' && this.provider.kind !== 'offline') {
      // Before asking, a model may raise the sign to a crisis or urgent (never lower it); its answer is not used.
      const { modelRisk } = await this.answer(handler, turn, names);
      if (modelRisk === 'crisis' || modelRisk === 'urgent')
        safetyTurn = this.levelTurn(
          language,
          { risk: modelRisk, crisisClass: checked.crisisClass, source: 'model' },
          domain,
        );
    }
    // A turn whose reply is fixed (the safety net's, an answer about Clari): stored and streamed as it is.
    const fixedTurn = async (fixed: SafetyTurn): Promise<ChatResponse> => {
      const answered = await this.safetyTurn(store, handler, {
        threadId,
        domain,
        language,
        phase,
        asked,
        opened,
        message,
        ...fixed,
      });
      stream?.delta(answered.reply);
      return answered;
    };
    if (safetyTurn) return fixedTurn(safetyTurn);

    // A question about Clari itself ("who can read this?") is answered from the product's own texts, in every chat.
    const aboutClari = handler.keepsHistory === false ? null : aboutClariTopic(message);
    if (aboutClari) {
      const answer = aboutClariReply(language, aboutClari, {
        domain,
        emergency: this.safety.emergencyNumber(language),
        sendsToModel: this.provider.kind !== 'offline',
      });
      const reply = withoutRepeats(answer, history, language);
      return fixedTurn({ risk: 'none', reply, userFlag: null, replyFlag: null });
    }

    const streamed = { text: '' };
    const { result, valid, modelRisk } = await this.answer(
      handler,
      turn,
      names,
      stream ? { stream, streamed } : undefined,
    );
    if (modelRisk !== 'none') {
      // The model saw a sign the lexicon missed: it can only raise the level, and its answer (and any update in it) is dropped.
      const verdict: SafetyVerdict = { risk: modelRisk, crisisClass: null, source: 'model' };
      const answered = await this.safetyTurn(store, handler, {
        threadId,
        domain,
        language,
        phase,
        asked,
        opened,
        message,
        ...this.levelTurn(language, verdict, domain),
      });
      stream?.delta(answered.reply);
      return answered;
    }
    // Clari never says a sentence twice in a row (a streamed model reply has been said already).
    if (!streamed.text) result.reply = withoutRepeats(result.reply, history, language);
    if (stream) {
      // What the model streamed is completed from the validated reply; the offline guide's reply comes in word groups.
      if (streamed.text && result.reply.startsWith(streamed.text)) {
        if (result.reply.length > streamed.text.length) stream.delta(result.reply.slice(streamed.text.length));
      } else if (!streamed.text) {
        for (const chunk of replyChunks(result.reply)) stream.delta(chunk);
      }
    }
    if (valid && user && handler.onAnswered) await handler.onAnswered(user.id, result, turn);
    if (handler.keepsHistory === false) {
      // A one-shot answer (a summary) is a result, not a chat turn: a failure must not pass as one.
      if (!valid) throw new BadGatewayException({ message: ONE_SHOT_FAILED, code: 'assistant_failed' });
      return {
        reply: result.reply,
        history: [],
        aiSuggestions: result.suggestions,
        currentPhase: result.phase,
        updates: result.updates,
        ...result.extra,
        risk: 'none',
      };
    }
    const saved = await store.append(
      threadId,
      [
        ...opened,
        { role: 'user', content: message, timestamp: asked },
        { role: 'assistant', content: result.reply, timestamp: new Date().toISOString() },
      ],
      result,
    );
    return {
      reply: result.reply,
      history: saved.messages,
      aiSuggestions: result.suggestions,
      currentPhase: result.phase,
      updates: result.updates,
      ...result.extra,
      risk: 'none',
    };
  }

  /**
   * What the safety net makes of a message before any guide sees it, or null for an ordinary
   * turn. An urgent or crisis message gets the crisis reply. Right after the check-in, the
   * message answers it: a yes, an unsure answer or another sign gets the crisis reply, a clear no
   * goes on with the exercise. A sign gets the check-in, or the crisis reply again right after
   * one; a short answer to "are you safe?" gets its follow-up.
   */
  private safetyTurnFor(
    language: Language,
    thread: readonly ChatHistoryItem[],
    message: string,
    verdict: SafetyVerdict,
    domain: string,
  ): SafetyTurn | null {
    if (verdict.risk === 'urgent' || verdict.risk === 'crisis') return this.levelTurn(language, verdict, domain);
    const last = lastReplyRisk(thread);
    const crisis: SafetyVerdict = { risk: 'crisis', crisisClass: verdict.crisisClass, source: 'check_in' };
    if (last === 'concern') {
      // The classifier learned from first messages, not answers: "no, I have a lot to live for" is a no.
      const anotherSign = verdict.risk === 'concern' && verdict.source !== 'classifier';
      const answer = anotherSign ? 'yes' : this.safety.checkInAnswer(language, thread, message);
      if (answer === 'yes') return this.levelTurn(language, crisis, domain);
      if (answer === 'no')
        return {
          risk: 'none',
          reply: this.safety.checkInNoReply(language, thread),
          userFlag: 'concern',
          replyFlag: null,
        };
    }
    if (verdict.risk === 'concern')
      return this.levelTurn(language, last === 'crisis' || last === 'urgent' ? crisis : verdict, domain);
    const followUp = this.safety.followUpReply(language, thread, message);
    if (followUp !== null) return { risk: 'concern', reply: followUp, userFlag: 'crisis', replyFlag: null };
    return null;
  }

  /** The reply for a level: the check-in for a concern, the crisis reply (urgent: emergency first) otherwise. */
  private levelTurn(language: Language, verdict: SafetyVerdict, domain: string): SafetyTurn {
    if (verdict.risk === 'concern')
      return { risk: 'concern', reply: this.safety.checkInReply(language), userFlag: 'concern', replyFlag: 'concern' };
    const urgent = verdict.risk === 'urgent';
    this.safety.recordCrisis(domain, verdict.source);
    const flag: FlaggedRisk = urgent ? 'urgent' : 'crisis';
    return {
      risk: flag,
      reply: this.safety.crisisReply(language, verdict.crisisClass, domain, urgent),
      userFlag: flag,
      replyFlag: flag,
    };
  }

  /**
   * A turn answered by Clari itself rather than a guide (the safety net, a question about Clari):
   * a flagged user message is kept out of what any guide, summary or Clarify reads (and the chat
   * panel keeps its help card); the phase and any domain state (an interview's question) stay
   * where they were, nothing is updated.
   */
  private async safetyTurn(
    store: DomainThreadStore,
    handler: DomainHandler,
    turn: SafetyTurn & {
      threadId: string;
      domain: string;
      language: Language;
      phase: string;
      asked: string;
      opened: ChatHistoryItem[];
      message: string;
    },
  ): Promise<ChatResponse> {
    const { reply, risk } = turn;
    const result: HandlerResult = { reply, suggestions: [], phase: turn.phase, updates: emptyUpdatesFor(turn.domain) };
    if (handler.keepsHistory === false)
      return { reply, history: [], aiSuggestions: [], currentPhase: turn.phase, updates: result.updates, risk };
    const saved = await store.append(
      turn.threadId,
      [
        ...turn.opened,
        {
          role: 'user',
          content: turn.message,
          timestamp: turn.asked,
          ...(turn.userFlag ? { risk: turn.userFlag } : {}),
        },
        // Only a crisis, urgent or check-in reply is flagged, so the message after a follow-up is ordinary again.
        {
          role: 'assistant',
          content: reply,
          timestamp: new Date().toISOString(),
          ...(turn.replyFlag ? { risk: turn.replyFlag } : {}),
        },
      ],
      result,
    );
    return {
      reply,
      history: saved.messages,
      aiSuggestions: [],
      currentPhase: turn.phase,
      updates: result.updates,
      risk,
    };
  }

  async clear(user: UserEntity, request: ClearConversationRequest): Promise<ClearConversationResponse> {
    const data = request.conversationData ?? {};
    const handler = this.handlerOf(request.conversationDomain);
    // A domain's own threads (an interview's transcript) are not the caller's to delete; they go with their session.
    if (handler.threadStore)
      throw new BadRequestException({ message: NOT_CLEARABLE, code: 'conversation_not_clearable' });
    return {
      cleared: await this.conversations.delete(this.threadKey(user, handler, request.conversationDomain, data)),
    };
  }

  /** The signed-in user's threads of a domain, in the conversation store (deleted 24 h after their last message). */
  private userThreads(userId: string, domain: string): DomainThreadStore {
    return {
      open: async (threadId) => {
        const stored = await this.conversations.find({ userId, domain, threadId });
        return {
          messages: stored?.messages ?? [],
          phase: stored?.phase ?? null,
          suggestions: stored?.suggestions ?? [],
        };
      },
      append: (threadId, messages, result) =>
        this.conversations.append({ userId, domain, threadId }, messages, result.phase, result.suggestions),
    };
  }

  /**
   * Asks the provider with a scrubbed copy of the turn (the offline guide works on the
   * original, which never leaves the server) and validates the answer against the handler.
   */
  private async answer(
    handler: DomainHandler,
    turn: TurnContext,
    names: string[],
    streaming?: { stream: ChatStream; streamed: { text: string } },
  ): Promise<{ result: HandlerResult; valid: boolean; modelRisk: RiskLevel }> {
    const scrubbed: TurnContext = {
      ...turn,
      message: this.scrubber.scrub(turn.message, names),
      history: turn.history.map((item) => ({ ...item, content: this.scrubber.scrub(item.content, names) })),
      data: this.scrubber.scrubDeep<ConversationData>(turn.data, names),
    };
    try {
      const answer = await this.provider.completeJson({
        name: `chat_${turn.domain}`,
        messages: handler.prompt(scrubbed),
        schema: handler.schema,
        maxOutputTokens: handler.maxOutputTokens,
        offline: () => handler.offline(turn),
        // Only the reply is streamed, and only once the model has said its risk is none.
        onContent: streaming
          ? (soFar) => {
              const partial = partialAnswer(soFar);
              if (partial.risk !== 'none' || !partial.reply || partial.reply.length <= streaming.streamed.text.length)
                return;
              streaming.stream.delta(partial.reply.slice(streaming.streamed.text.length));
              streaming.streamed.text = partial.reply;
            }
          : undefined,
      });
      const modelRisk = riskOf(answer);
      if (modelRisk === 'crisis')
        return { result: { reply: '', suggestions: [], phase: turn.phase, updates: {} }, valid: false, modelRisk };
      const result = handler.parse(answer, turn);
      if (result) return { result, valid: true, modelRisk };
      this.logger.warn(`The ${turn.domain} answer did not match its schema`);
    } catch (error) {
      this.logger.warn(`The ${turn.domain} answer failed: ${(error as Error).message}`);
    }
    return {
      result: { reply: POLITE_FALLBACK[turn.language], suggestions: [], phase: turn.phase, updates: {} },
      valid: false,
      modelRisk: 'none',
    };
  }

  private handlerOf(domain: string): DomainHandler {
    const handler = this.registry.resolve(domain);
    if (!handler) throw new BadRequestException({ message: UNKNOWN_DOMAIN });
    return handler;
  }

  private threadKey(user: UserEntity, handler: DomainHandler, domain: string, data: ConversationData): ThreadKey {
    return { userId: user.id, domain, threadId: handler.threadId(data, domain) };
  }
}

/** The model's own `risk` field (every reply schema carries it); anything else counts as none. */
function riskOf(answer: unknown): RiskLevel {
  const risk = answer && typeof answer === 'object' ? (answer as { risk?: unknown }).risk : undefined;
  return isRiskLevel(risk) ? risk : 'none';
}

/** Nothing to apply, in the shape the domain's client expects (Year Compass takes a list). */
function emptyUpdatesFor(domain: string): ChatResponse['updates'] {
  return domain === 'yearcompass_dynamicsection' ? [] : {};
}

/** The reply a reopened thread ended with. */
function lastAssistantReply(history: ChatHistoryItem[]): string {
  const last = [...history].reverse().find((item) => item.role === 'assistant');
  return last?.content ?? '';
}
