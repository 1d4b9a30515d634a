import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { REFLECT_LIMITS, type LifeAreaId, type Reflection, type ReflectionDetail, type ReflectTopicId, type Takeaway } from '@clari/contracts';
import { ReflectionEntity } from './entities/reflection.entity';
import { TakeawayEntity } from './entities/takeaway.entity';
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
  return { id: row.id, reflectionId: row.reflectionId, title: row.title, content: row.content, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Every query names the user: a reflection or takeaway of another user is simply not found. */
@Injectable()
export class ReflectRepository {
  constructor(
    @InjectRepository(ReflectionEntity) private readonly reflections: Repository<ReflectionEntity>,
    @InjectRepository(TakeawayEntity) private readonly takeaways: Repository<TakeawayEntity>,
    private readonly dataSource: DataSource,
  ) {}

  async list(userId: string): Promise<Reflection[]> {
    const rows = await this.reflections.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toReflection);
  }

  async detail(userId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<ReflectionDetail | null> {
    const row = await manager.findOneBy(ReflectionEntity, { id, userId });
    if (!row) return null;
    const takeaways = await manager.find(TakeawayEntity, { where: { reflectionId: id, userId }, order: { position: 'ASC', createdAt: 'ASC' } });
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
      const row = await manager.save(manager.create(TakeawayEntity, { reflectionId, userId, ...fields, position: (last ?? -1) + 1 }));
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
  applyAiResult(userId: string, reflectionId: string, summary: ReflectionSummaryFields | undefined, incoming: IncomingTakeaway[] | undefined): Promise<ReflectionDetail | null> {
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
        for (const { id, ...fields } of plan.update) await manager.update(TakeawayEntity, { id, reflectionId, userId }, fields);
        if (plan.create.length) await manager.insert(TakeawayEntity, plan.create.map((fields) => ({ ...fields, reflectionId, userId })));
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
      takeaways: takeaways.filter((takeaway) => takeaway.reflectionId === row.id).map(({ id, title, content, createdAt, updatedAt }) => ({ id, title, content, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() })),
    }));
  }

  private async lockReflection(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const row = await manager.findOne(ReflectionEntity, { where: { id, userId }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
    return row !== null;
  }
}
