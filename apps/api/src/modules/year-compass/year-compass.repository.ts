import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { YEAR_COMPASS_LIMITS } from '@clari/contracts';
import { queryRows, type Statement } from '../../core/database/sql';
import type { EncodedImage } from '../../core/images/image-upload';

export type ImageSource = 'generated' | 'uploaded';

export interface StoredImage {
  data: Buffer;
  mimeType: string;
  version: number;
}

export interface BoxText {
  boxId: string;
  content: string;
}

/** What separates Clari's addition from the text already in a box. */
export const APPEND_SEPARATOR = '\n\n';

/** The URL version of a picture: the milliseconds of its updated_at (strictly increasing per box). */
const VERSION = `floor(extract(epoch FROM updated_at) * 1000)::bigint`;

/** A section's boxes and its pictures' versions, read whenever a section opens or is saved. */
const SECTION_CONTENTS: Statement = {
  name: 'year-compass-section-contents',
  text: 'SELECT box_id, content FROM year_compass_boxes WHERE user_id = $1 AND section_number = $2',
};
const SECTION_IMAGE_VERSIONS: Statement = {
  name: 'year-compass-section-image-versions',
  text: `SELECT box_id, ${VERSION} AS version FROM year_compass_images WHERE user_id = $1 AND section_number = $2`,
};

@Injectable()
export class YearCompassRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The saved content of a section's boxes, by box id. Plain SQL: a hot read (see core/database/sql.ts). */
  async contents(userId: string, sectionNumber: number): Promise<Map<string, string>> {
    const rows = await queryRows<{ box_id: string; content: string }>(this.dataSource, SECTION_CONTENTS, [
      userId,
      sectionNumber,
    ]);
    return new Map(rows.map((row) => [row.box_id, row.content]));
  }

  /** The versions of a section's pictures, by box id (no bytes). */
  async imageVersions(userId: string, sectionNumber: number): Promise<Map<string, number>> {
    const rows = await queryRows<{ box_id: string; version: string }>(this.dataSource, SECTION_IMAGE_VERSIONS, [
      userId,
      sectionNumber,
    ]);
    return new Map(rows.map((row) => [row.box_id, Number(row.version)]));
  }

  /** Saves the given boxes of one section in one statement: all or nothing. */
  async saveBoxes(userId: string, sectionNumber: number, boxes: BoxText[]): Promise<void> {
    if (boxes.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO year_compass_boxes (user_id, section_number, box_id, content, updated_at)
       SELECT $1, $2, box.id, box.content, now() FROM unnest($3::text[], $4::text[]) AS box (id, content)
       ON CONFLICT (user_id, section_number, box_id) DO UPDATE SET content = EXCLUDED.content, updated_at = now()`,
      [userId, sectionNumber, boxes.map((box) => box.boxId), boxes.map((box) => box.content)],
    );
  }

  /**
   * Appends Clari's text to boxes, atomically against what is stored at that moment (not what
   * the browser last saw), so an edit made while Clari was answering is kept. A box that the
   * addition would take over the length limit is left as it is.
   */
  async appendToBoxes(userId: string, sectionNumber: number, additions: BoxText[]): Promise<void> {
    if (additions.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      for (const addition of additions) {
        await manager.query(
          `INSERT INTO year_compass_boxes AS box (user_id, section_number, box_id, content, updated_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (user_id, section_number, box_id) DO UPDATE
             SET content = CASE WHEN box.content = '' THEN EXCLUDED.content ELSE box.content || $5 || EXCLUDED.content END, updated_at = now()
             WHERE char_length(box.content) + char_length($5) + char_length(EXCLUDED.content) <= $6 OR box.content = ''`,
          [
            userId,
            sectionNumber,
            addition.boxId,
            addition.content,
            APPEND_SEPARATOR,
            YEAR_COMPASS_LIMITS.boxContentMax,
          ],
        );
      }
    });
  }

  /** Stores a box's picture and returns its new version (the URL changes with every picture). */
  async saveImage(
    userId: string,
    sectionNumber: number,
    boxId: string,
    image: EncodedImage,
    source: ImageSource,
    generationId: string | null = null,
  ): Promise<number> {
    const rows = await this.dataSource.query<Array<{ version: string }>>(
      `INSERT INTO year_compass_images AS image (user_id, section_number, box_id, data, mime_type, width, height, source, generation_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, clock_timestamp())
       ON CONFLICT (user_id, section_number, box_id) DO UPDATE SET
         data = EXCLUDED.data, mime_type = EXCLUDED.mime_type, width = EXCLUDED.width, height = EXCLUDED.height,
         source = EXCLUDED.source, generation_id = EXCLUDED.generation_id,
         updated_at = GREATEST(clock_timestamp(), image.updated_at + interval '1 millisecond')
       RETURNING ${VERSION} AS version`,
      [userId, sectionNumber, boxId, image.data, image.mimeType, image.width, image.height, source, generationId],
    );
    return Number(rows[0].version);
  }

  /** The version stored by this generation job, if an earlier attempt of it already stored its picture. */
  async versionOfGeneration(
    userId: string,
    sectionNumber: number,
    boxId: string,
    generationId: string,
  ): Promise<number | null> {
    const rows = await this.dataSource.query<Array<{ version: string }>>(
      `SELECT ${VERSION} AS version FROM year_compass_images WHERE user_id = $1 AND section_number = $2 AND box_id = $3 AND generation_id = $4`,
      [userId, sectionNumber, boxId, generationId],
    );
    return rows.length ? Number(rows[0].version) : null;
  }

  async image(userId: string, sectionNumber: number, boxId: string): Promise<StoredImage | null> {
    const rows = await this.dataSource.query<Array<{ data: Buffer; mime_type: string; version: string }>>(
      `SELECT data, mime_type, ${VERSION} AS version FROM year_compass_images WHERE user_id = $1 AND section_number = $2 AND box_id = $3`,
      [userId, sectionNumber, boxId],
    );
    return rows.length ? { data: rows[0].data, mimeType: rows[0].mime_type, version: Number(rows[0].version) } : null;
  }

  /** Everything of the user's Year Compass for the data export: texts, and pictures' metadata without bytes. */
  async exportAll(userId: string) {
    const [boxes, images] = await Promise.all([
      this.dataSource.query<Array<{ section_number: number; box_id: string; content: string; updated_at: Date }>>(
        `SELECT section_number, box_id, content, updated_at FROM year_compass_boxes WHERE user_id = $1 ORDER BY section_number, box_id`,
        [userId],
      ),
      this.dataSource.query<
        Array<{
          section_number: number;
          box_id: string;
          mime_type: string;
          width: number;
          height: number;
          source: string;
          bytes: number;
          updated_at: Date;
        }>
      >(
        `SELECT section_number, box_id, mime_type, width, height, source, octet_length(data) AS bytes, updated_at
         FROM year_compass_images WHERE user_id = $1 ORDER BY section_number, box_id`,
        [userId],
      ),
    ]);
    return {
      boxes: boxes.map((row) => ({
        sectionNumber: row.section_number,
        boxId: row.box_id,
        content: row.content,
        updatedAt: row.updated_at.toISOString(),
      })),
      images: images.map((row) => ({
        sectionNumber: row.section_number,
        boxId: row.box_id,
        source: row.source,
        mimeType: row.mime_type,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        updatedAt: row.updated_at.toISOString(),
      })),
    };
  }
}
