import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emptyValueExplorerData, type ValueExplorerData } from '@clari/contracts';
import { queryRows, type Statement } from '../../core/database/sql';

export interface StoredValueExplorerData extends ValueExplorerData {
  summary: string;
  updatedAt: string | null;
}

/** Read on every visit of the Value Explorer's pages and after every save. */
const DATA_BY_USER: Statement = {
  name: 'value-explorer-by-user',
  text: 'SELECT life_areas, selected_values, goals, obstacles, summary, updated_at FROM value_explorer_data WHERE user_id = $1',
};

interface DataRow {
  life_areas: ValueExplorerData['lifeAreas'];
  selected_values: ValueExplorerData['selectedValues'];
  goals: ValueExplorerData['goals'];
  obstacles: ValueExplorerData['obstacles'];
  summary: string;
  updated_at: Date;
}

/** The SPA saves a second after each change: one statement that also answers the stored row. */
const SAVE: Statement = {
  name: 'value-explorer-save',
  text: `INSERT INTO value_explorer_data (user_id, life_areas, selected_values, goals, obstacles, summary)
         VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, COALESCE($6, ''))
         ON CONFLICT (user_id) DO UPDATE SET
           life_areas = EXCLUDED.life_areas, selected_values = EXCLUDED.selected_values,
           goals = EXCLUDED.goals, obstacles = EXCLUDED.obstacles,
           summary = COALESCE($6, value_explorer_data.summary), updated_at = now()
         RETURNING life_areas, selected_values, goals, obstacles, summary, updated_at`,
};

function stored(row: DataRow): StoredValueExplorerData {
  return {
    lifeAreas: row.life_areas,
    selectedValues: row.selected_values,
    goals: row.goals,
    obstacles: row.obstacles,
    summary: row.summary,
    updatedAt: row.updated_at.toISOString(),
  };
}

@Injectable()
export class ValueExplorerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Plain SQL, not findOneBy: a hot read (see core/database/sql.ts). */
  async find(userId: string): Promise<StoredValueExplorerData> {
    const [row] = await queryRows<DataRow>(this.dataSource, DATA_BY_USER, [userId]);
    return row ? stored(row) : { ...emptyValueExplorerData(), summary: '', updatedAt: null };
  }

  /** Replaces the form data; the summary is kept unless one is given. Answers what is stored, in the same statement. */
  async save(userId: string, data: ValueExplorerData): Promise<StoredValueExplorerData> {
    const [row] = await queryRows<DataRow>(this.dataSource, SAVE, [
      userId,
      JSON.stringify(data.lifeAreas),
      JSON.stringify(data.selectedValues),
      JSON.stringify(data.goals),
      JSON.stringify(data.obstacles),
      data.summary ?? null,
    ]);
    return stored(row);
  }

  async saveSummary(userId: string, summary: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO value_explorer_data (user_id, summary, summary_generated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET summary = EXCLUDED.summary, summary_generated_at = now(), updated_at = now()`,
      [userId, summary],
    );
  }
}
