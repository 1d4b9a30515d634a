import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { emptyValueExplorerData, type ValueExplorerData } from '@clari/contracts';
import { ValueExplorerDataEntity } from './entities/value-explorer-data.entity';

export interface StoredValueExplorerData extends ValueExplorerData {
  summary: string;
  updatedAt: string | null;
}

@Injectable()
export class ValueExplorerRepository {
  constructor(
    @InjectRepository(ValueExplorerDataEntity) private readonly rows: Repository<ValueExplorerDataEntity>,
    private readonly dataSource: DataSource,
  ) {}

  async find(userId: string): Promise<StoredValueExplorerData> {
    const row = await this.rows.findOneBy({ userId });
    if (!row) return { ...emptyValueExplorerData(), summary: '', updatedAt: null };
    return { lifeAreas: row.lifeAreas, selectedValues: row.selectedValues, goals: row.goals, obstacles: row.obstacles, summary: row.summary, updatedAt: row.updatedAt.toISOString() };
  }

  /** Replaces the form data; the summary is kept unless one is given. */
  async save(userId: string, data: ValueExplorerData): Promise<StoredValueExplorerData> {
    await this.dataSource.query(
      `INSERT INTO value_explorer_data (user_id, life_areas, selected_values, goals, obstacles, summary)
       VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, COALESCE($6, ''))
       ON CONFLICT (user_id) DO UPDATE SET
         life_areas = EXCLUDED.life_areas, selected_values = EXCLUDED.selected_values,
         goals = EXCLUDED.goals, obstacles = EXCLUDED.obstacles,
         summary = COALESCE($6, value_explorer_data.summary), updated_at = now()`,
      [userId, JSON.stringify(data.lifeAreas), JSON.stringify(data.selectedValues), JSON.stringify(data.goals), JSON.stringify(data.obstacles), data.summary ?? null],
    );
    return this.find(userId);
  }

  async saveSummary(userId: string, summary: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO value_explorer_data (user_id, summary, summary_generated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET summary = EXCLUDED.summary, summary_generated_at = now(), updated_at = now()`,
      [userId, summary],
    );
  }
}
