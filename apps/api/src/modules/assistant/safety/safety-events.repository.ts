import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SafetyEventCount {
  domain: string;
  day: string;
  crisisCount: number;
}

/** Crisis events per domain and day, for operators: a number, never a text or a user. */
@Injectable()
export class SafetyEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async recordCrisis(domain: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO safety_events (domain, day, crisis_count) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
       ON CONFLICT (domain, day) DO UPDATE SET crisis_count = safety_events.crisis_count + 1`,
      [domain.slice(0, 40)],
    );
  }

  async list(days: number): Promise<SafetyEventCount[]> {
    const rows: Array<{ domain: string; day: string; crisis_count: number }> = await this.dataSource.query(
      `SELECT domain, to_char(day, 'YYYY-MM-DD') AS day, crisis_count FROM safety_events
       WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int ORDER BY day DESC, domain`,
      [days],
    );
    return rows.map((row) => ({ domain: row.domain, day: row.day, crisisCount: row.crisis_count }));
  }
}
