import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { UserPortraitEntity } from '../users/entities/user-portrait.entity';

@Injectable()
export class PortraitsRepository {
  constructor(
    @InjectRepository(UserPortraitEntity) private readonly portraits: Repository<UserPortraitEntity>,
    private readonly dataSource: DataSource,
  ) {}

  /** The version only (no image bytes), for building the portrait URL. */
  async version(userId: string): Promise<number | null> {
    const row = await this.portraits.findOne({ where: { userId }, select: { userId: true, version: true } });
    return row?.version ?? null;
  }

  find(userId: string): Promise<UserPortraitEntity | null> {
    return this.portraits.findOneBy({ userId });
  }

  /** Stores the portrait and bumps its version, so its URL changes. */
  async save(userId: string, data: Buffer, mimeType: string): Promise<number> {
    const rows = await this.dataSource.query<Array<{ version: number }>>(
      `INSERT INTO user_portraits (user_id, data, mime_type, version, updated_at) VALUES ($1, $2, $3, 1, now())
       ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data, mime_type = EXCLUDED.mime_type,
         version = user_portraits.version + 1, updated_at = now()
       RETURNING version`,
      [userId, data, mimeType],
    );
    return rows[0].version;
  }
}
