import { BadRequestException, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import {
  REFLECT_LIMITS,
  REFLECT_MESSAGES,
  isUuidShaped,
  reflectTopicOr,
  type Reflection,
  type ReflectionAiResultRequest,
  type ReflectDeleteResponse,
  type ReflectionDetail,
  type ReflectionInput,
  type ReflectionListPage,
  type ReflectionListQuery,
  type Takeaway,
  type TakeawayInput,
} from '@clari/contracts';
import { AssistantService } from '../assistant/assistant.service';
import { DomainHandlerRegistry } from '../assistant/handlers/handler.registry';
import type { UserEntity } from '../users/entities/user.entity';
import { UserDataRegistry } from '../users/user-data.registry';
import { REFLECT_DOMAIN, ReflectTopicHandler } from './handlers/reflect-topic.handler';
import { decodeListCursor, encodeListCursor } from './list/list-cursor';
import { ReflectRepository, type ReflectionFields } from './reflect.repository';

const reflectionNotFound = () => new NotFoundException({ message: REFLECT_MESSAGES.reflectionNotFound });
const takeawayNotFound = () => new NotFoundException({ message: REFLECT_MESSAGES.takeawayNotFound });

/**
 * Reflect: reflections and takeaways of the signed-in user. An id that is not UUID-shaped
 * cannot name a stored object, so it answers 404 like another user's object does.
 */
@Injectable()
export class ReflectService implements OnModuleInit {
  private readonly logger = new Logger('ReflectService');

  constructor(
    private readonly repository: ReflectRepository,
    private readonly handlers: DomainHandlerRegistry,
    private readonly assistant: AssistantService,
    private readonly userData: UserDataRegistry,
  ) {}

  onModuleInit(): void {
    this.handlers.register(new ReflectTopicHandler());
    this.userData.register({ key: 'reflections', export: (userId) => this.repository.exportAll(userId) });
  }

  /** A page of the list (part 2 §2), newest first; a cursor this API did not write answers 400. */
  async list(user: UserEntity, query: ReflectionListQuery): Promise<ReflectionListPage> {
    const after = query.cursor === undefined ? null : decodeListCursor(query.cursor);
    if (query.cursor !== undefined && !after) throw new BadRequestException(REFLECT_MESSAGES.badCursor);
    const { items, next } = await this.repository.listPage(
      user.id,
      query.limit ?? REFLECT_LIMITS.listPageDefault,
      after,
    );
    return { items, nextCursor: next && encodeListCursor(next) };
  }

  async get(user: UserEntity, id: string): Promise<ReflectionDetail> {
    const detail = isUuidShaped(id) ? await this.repository.detail(user.id, id) : null;
    if (!detail) throw reflectionNotFound();
    return detail;
  }

  /** Missing fields get their defaults; a reflection saved without a topic is open_ended (part 2 §5). */
  create(user: UserEntity, input: ReflectionInput): Promise<Reflection> {
    return this.repository.create(user.id, {
      title: input.title ?? '',
      content: input.content ?? '',
      topic: reflectTopicOr(input.topic),
      lifeAreas: input.lifeAreas ?? [],
      tags: input.tags ?? [],
    });
  }

  /** Only the given fields change, so a partial body never wipes the rest. */
  async update(user: UserEntity, id: string, input: ReflectionInput): Promise<Reflection> {
    const changes: Partial<ReflectionFields> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = input.content;
    if (input.topic !== undefined) changes.topic = reflectTopicOr(input.topic);
    if (input.lifeAreas !== undefined) changes.lifeAreas = input.lifeAreas;
    if (input.tags !== undefined) changes.tags = input.tags;
    const saved = isUuidShaped(id) ? await this.repository.update(user.id, id, changes) : null;
    if (!saved) throw reflectionNotFound();
    return saved;
  }

  /** Deletes the reflection, its takeaways (cascade) and its conversation with Clari. */
  async delete(user: UserEntity, id: string): Promise<ReflectDeleteResponse> {
    if (!isUuidShaped(id) || !(await this.repository.delete(user.id, id))) throw reflectionNotFound();
    try {
      await this.assistant.clear(user, { conversationDomain: REFLECT_DOMAIN, conversationData: { reflectionId: id } });
    } catch (error) {
      // The reflection is gone; its thread would expire within 24 h anyway, so the delete still succeeded.
      this.logger.warn(`Could not clear the conversation of a deleted reflection: ${(error as Error).message}`);
    }
    return { id, deleted: true };
  }

  async addTakeaway(user: UserEntity, reflectionId: string, input: TakeawayInput): Promise<Takeaway> {
    if (!isUuidShaped(reflectionId)) throw reflectionNotFound();
    const result = await this.repository.addTakeaway(user.id, reflectionId, {
      title: input.title,
      content: input.content ?? '',
    });
    if (result === 'not_found') throw reflectionNotFound();
    if (result === 'full')
      throw new BadRequestException({ message: REFLECT_MESSAGES.tooManyTakeaways, code: 'takeaways_max' });
    return result;
  }

  async updateTakeaway(user: UserEntity, id: string, input: TakeawayInput): Promise<Takeaway> {
    const saved = isUuidShaped(id)
      ? await this.repository.updateTakeaway(user.id, id, { title: input.title, content: input.content ?? '' })
      : null;
    if (!saved) throw takeawayNotFound();
    return saved;
  }

  async deleteTakeaway(user: UserEntity, id: string): Promise<ReflectDeleteResponse> {
    if (!isUuidShaped(id) || !(await this.repository.deleteTakeaway(user.id, id))) throw takeawayNotFound();
    return { id, deleted: true };
  }

  /** Clari's answer, saved whole or not at all (part 2 §4 "Takeaway reconciliation"). */
  async applyAiResult(user: UserEntity, id: string, input: ReflectionAiResultRequest): Promise<ReflectionDetail> {
    const summary = input.reflection_summary && {
      title: input.reflection_summary.title,
      content: input.reflection_summary.content,
      lifeAreas: input.reflection_summary.lifeAreas ?? [],
      tags: input.reflection_summary.tags ?? [],
    };
    const takeaways = input.takeaways?.map((takeaway) => ({
      id: takeaway.id,
      title: takeaway.title,
      content: takeaway.content ?? '',
    }));
    const detail = isUuidShaped(id) ? await this.repository.applyAiResult(user.id, id, summary, takeaways) : null;
    if (!detail) throw reflectionNotFound();
    return detail;
  }
}
