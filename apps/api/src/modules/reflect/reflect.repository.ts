import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import {
  REFLECT_LIMITS,
  type LifeAreaId,
  type Reflection,
  type ReflectionDetail,
  type ReflectionListItem,
  type ReflectTopicId,
  type Takeaway,
} from '@clari/contracts';
import { ReflectionEntity } from './entities/reflection.entity';
import { TakeawayEntity } from './entities/takeaway.entity';
import { reflectionExcerpt } from './list/excerpt';
import type { ListCursor } from './list/list-cursor';
import { planTakeawayReconciliation, type IncomingTakeaway } from './takeaway-reconciliation';

/** A reflection's editable fields, already validated and cleaned. */
export interface ReflectionFields {
  title: string;
  content: string;
  topic: ReflectTopicId;
  lifeAreas: LifeAreaId[];
  tags: string[];
}

export interface TakeawayFields {
  title: string;
  content: string;
}

export type ReflectionSummaryFields = Omit<ReflectionFields, 'topic'>;

/** A reflection with its takeaways, for the export. */
export interface ExportedReflection extends Reflection {
  takeaways: Array<Pick<Takeaway, 'id' | 'title' | 'content' | 'createdAt' | 'updatedAt'>>;
}

/** A page of the list, and where the next one starts (null on the last page). */
export interface ReflectionListRows {
  items: ReflectionListItem[];
  next: ListCursor | null;
}

interface ListRow {
  id: string;
  title: string;
  topic: ReflectTopicId;
  life_areas: LifeAreaId[];
  tags: string[];
  created_at: Date;
  updated_at: Date;
  /** created_at in full microseconds, for the cursor. */
  created_key: string;
  head: string;
}

/**
 * The list's columns: the content only as its first characters, enough for the excerpt, so
 * a page never carries whole reflections. Keyset order (created_at DESC, id ASC) is served by
 * the index IDX_reflections_user_created_id.
 */
const LIST_COLUMNS = `id, title, topic, life_areas, tags, created_at, updated_at,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key,
  left(content, ${REFLECT_LIMITS.excerptMax * 3}) AS head`;
const FIRST_PAGE = `SELECT ${LIST_COLUMNS} FROM reflections WHERE user_id = $1 ORDER BY created_at DESC, id ASC LIMIT $2`;
const NEXT_PAGE = `SELECT ${LIST_COLUMNS} FROM reflections
  WHERE user_id = $1 AND (created_at < $3::timestamptz OR (created_at = $3::timestamptz AND id > $4::uuid))
  ORDER BY created_at DESC, id ASC LIMIT $2`;

export function toReflection(row: ReflectionEntity): Reflection {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    topic: row.topic,
    lifeAreas: row.lifeAreas,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTakeaway(row: TakeawayEntity): Takeaway {
  return {
    id: row.id,
    reflectionId: row.reflectionId,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every query names the user: a reflection or takeaway of another user is simply not found. */
@Injectable()
export class ReflectRepository {
  constructor(
    @InjectRepository(ReflectionEntity) private readonly reflections: Repository<ReflectionEntity>,
    @InjectRepository(TakeawayEntity) private readonly takeaways: Repository<TakeawayEntity>,
    private readonly dataSource: DataSource,
  ) {}

  /** Up to `limit` reflections after `after` (from the newest without it), newest first. */
  async listPage(userId: string, limit: number, after: ListCursor | null): Promise<ReflectionListRows> {
    // One row more than asked tells whether another page follows, without counting.
    const rows: ListRow[] = after
      ? await this.dataSource.query(NEXT_PAGE, [userId, limit + 1, after.createdAt, after.id])
      : await this.dataSource.query(FIRST_PAGE, [userId, limit + 1]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        title: row.title,
        topic: row.topic,
        lifeAreas: row.life_areas,
        tags: row.tags,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        excerpt: reflectionExcerpt(row.head),
      })),
      next: rows.length > limit && last ? { createdAt: last.created_key, id: last.id } : null,
    };
  }

  async detail(
    userId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReflectionDetail | null> {
    const row = await manager.findOneBy(ReflectionEntity, { id, userId });
    if (!row) return null;
    const takeaways = await manager.find(TakeawayEntity, {
      where: { reflectionId: id, userId },
      order: { position: 'ASC', createdAt: 'ASC' },
    });
    return { reflection: toReflection(row), takeaways: takeaways.map(toTakeaway) };
  }

  async create(userId: string, fields: ReflectionFields): Promise<Reflection> {
    const row = await this.reflections.save(this.reflections.create({ userId, ...fields }));
    return toReflection(row);
  }

  /** Changes the given fields only; null when the user has no such reflection. */
  async update(userId: string, id: string, changes: Partial<ReflectionFields>): Promise<Reflection | null> {
    if (Object.keys(changes).length > 0) await this.reflections.update({ id, userId }, changes);
    const row = await this.reflections.findOneBy({ id, userId });
    return row ? toReflection(row) : null;
  }

  /** Its takeaways go with it (ON DELETE CASCADE). */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.reflections.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Appends a takeaway; 'not_found' without such a reflection, 'full' at the takeaway limit.
   * The reflection row is locked so two concurrent additions cannot both pass the limit.
   */
  addTakeaway(userId: string, reflectionId: string, fields: TakeawayFields): Promise<Takeaway | 'not_found' | 'full'> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.lockReflection(manager, userId, reflectionId))) return 'not_found';
      const { count, last } = (await manager
        .createQueryBuilder(TakeawayEntity, 't')
        .select('count(*)::int', 'count')
        .addSelect('max(t.position)', 'last')
        .where('t.reflection_id = :reflectionId AND t.user_id = :userId', { reflectionId, userId })
        .getRawOne<{ count: number; last: number | null }>()) ?? { count: 0, last: null };
      if (count >= REFLECT_LIMITS.takeawaysMax) return 'full';
      const row = await manager.save(
        manager.create(TakeawayEntity, { reflectionId, userId, ...fields, position: (last ?? -1) + 1 }),
      );
      return toTakeaway(row);
    });
  }

  async updateTakeaway(userId: string, id: string, fields: TakeawayFields): Promise<Takeaway | null> {
    const result = await this.takeaways.update({ id, userId }, fields);
    if ((result.affected ?? 0) === 0) return null;
    const row = await this.takeaways.findOneBy({ id, userId });
    return row ? toTakeaway(row) : null;
  }

  async deleteTakeaway(userId: string, id: string): Promise<boolean> {
    const result = await this.takeaways.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Saves Clari's answer in one transaction (part 2 §4): the summary replaces the reflection's
   * title, content, life areas and tags; the takeaways are reconciled. Any failure rolls all
   * of it back. Null when the user has no such reflection.
   */
  applyAiResult(
    userId: string,
    reflectionId: string,
    summary: ReflectionSummaryFields | undefined,
    incoming: IncomingTakeaway[] | undefined,
  ): Promise<ReflectionDetail | null> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.lockReflection(manager, userId, reflectionId))) return null;
      if (summary) await manager.update(ReflectionEntity, { id: reflectionId, userId }, summary);
      if (incoming) {
        const existing = await manager.find(TakeawayEntity, { where: { reflectionId, userId }, select: { id: true } });
        const plan = planTakeawayReconciliation(
          existing.map((row) => row.id),
          incoming,
        );
        if (plan.delete.length) await manager.delete(TakeawayEntity, { id: In(plan.delete), reflectionId, userId });
        for (const { id, ...fields } of plan.update)
          await manager.update(TakeawayEntity, { id, reflectionId, userId }, fields);
        if (plan.create.length)
          await manager.insert(
            TakeawayEntity,
            plan.create.map((fields) => ({ ...fields, reflectionId, userId })),
          );
      }
      return this.detail(userId, reflectionId, manager);
    });
  }

  async exportAll(userId: string): Promise<ExportedReflection[]> {
    const [reflections, takeaways] = await Promise.all([
      this.reflections.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } }),
      this.takeaways.find({ where: { userId }, order: { position: 'ASC', createdAt: 'ASC' } }),
    ]);
    return reflections.map((row) => ({
      ...toReflection(row),
      takeaways: takeaways
        .filter((takeaway) => takeaway.reflectionId === row.id)
        .map(({ id, title, content, createdAt, updatedAt }) => ({
          id,
          title,
          content,
          createdAt: createdAt.toISOString(),
          updatedAt: updatedAt.toISOString(),
        })),
    }));
  }

  private async lockReflection(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const row = await manager.findOne(ReflectionEntity, {
      where: { id, userId },
      select: { id: true },
      lock: { mode: 'pessimistic_write' },
    });
    return row !== null;
  }
}
