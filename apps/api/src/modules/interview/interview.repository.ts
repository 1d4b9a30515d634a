import type { InterviewMessageKind } from './handlers/interview-facts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  ChatHistoryItem,
  ChatRole,
  FlaggedRisk,
  InterviewStatus,
  Language,
  LocalizedText,
} from '@clari/contracts';
import type { InterviewDefinition, InterviewGuide } from './interview-definition';

export interface InterviewRecord {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  guide: InterviewGuide;
  active: boolean;
  retentionDays: number;
  createdAt: string;
}

export interface SessionRecord {
  id: string;
  interviewId: string;
  token: string;
  status: InterviewStatus;
  language: Language;
  answered: number;
  probed: boolean;
  suggestions: string[];
  createdAt: string;
  completedAt: string | null;
}

/** A session with the interview it belongs to (only sessions of active interviews are ever looked up). */
export interface SessionWithInterview extends SessionRecord {
  interview: InterviewRecord;
}

export interface NewMessage {
  role: ChatRole;
  content: string;
  questionIndex: number | null;
  timestamp: string;
  /** A crisis message or Clari's answer to one: never an answer, and left out of the export. */
  risk?: FlaggedRisk;
  /** A participant's message: answer, skip, pause, question or chat (null for Clari's). */
  kind?: InterviewMessageKind | null;
}

export interface SessionProgress {
  /** Unchanged when undefined (Clari's answer was unusable and nothing moved on). */
  answered?: number;
  probed?: boolean;
  suggestions: string[];
  complete: boolean;
}

export interface ExportedMessage {
  role: ChatRole;
  content: string;
  questionIndex: number | null;
  /** A participant's message: answer, skip, pause, question or chat; null for Clari's. */
  kind: InterviewMessageKind | null;
  timestamp: string;
}

interface InterviewRow {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  guide: InterviewGuide;
  active: boolean;
  retention_days: number;
  created_at: Date;
}

interface SessionRow {
  id: string;
  interview_id: string;
  token: string;
  status: InterviewStatus;
  language: Language;
  answered: number;
  probed: boolean;
  suggestions: string[];
  created_at: Date;
  completed_at: Date | null;
}

const INTERVIEW_COLUMNS = 'i.id, i.title, i.description, i.guide, i.active, i.retention_days, i.created_at';
const SESSION_COLUMNS =
  's.id, s.interview_id, s.token, s.status, s.language, s.answered, s.probed, s.suggestions, s.created_at, s.completed_at';

function toInterview(row: InterviewRow): InterviewRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    guide: row.guide,
    active: row.active,
    retentionDays: row.retention_days,
    createdAt: row.created_at.toISOString(),
  };
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    interviewId: row.interview_id,
    token: row.token,
    status: row.status,
    language: row.language,
    answered: row.answered,
    probed: row.probed,
    suggestions: row.suggestions,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

/** Thrown inside appendTurn when the session finished (or vanished) while Clari was answering. */
export class SessionClosedError extends Error {}

/**
 * Interviews, sessions and their messages, in SQL. Works from a DataSource alone, so the CLI
 * can use it without the HTTP app.
 */
@Injectable()
export class InterviewRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findInterview(id: string, { activeOnly }: { activeOnly: boolean }): Promise<InterviewRecord | null> {
    const rows: InterviewRow[] = await this.dataSource.query(
      `SELECT ${INTERVIEW_COLUMNS} FROM interviews i WHERE i.id = $1 ${activeOnly ? 'AND i.active' : ''}`,
      [id],
    );
    return rows[0] ? toInterview(rows[0]) : null;
  }

  async createInterview(definition: InterviewDefinition): Promise<string> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO interviews (title, description, guide, active, retention_days) VALUES ($1::jsonb, $2::jsonb, $3::jsonb, $4, $5) RETURNING id`,
      [
        JSON.stringify(definition.title),
        JSON.stringify(definition.description),
        JSON.stringify(definition.guide),
        definition.active,
        definition.retentionDays,
      ],
    );
    return rows[0].id;
  }

  /** Inserts a session unless the token is taken (then null: the caller draws another). */
  async createSession(interviewId: string, language: Language, token: string): Promise<SessionRecord | null> {
    const rows: SessionRow[] = await this.dataSource.query(
      `INSERT INTO interview_sessions AS s (interview_id, token, language) VALUES ($1, $2, $3)
       ON CONFLICT (token) DO NOTHING
       RETURNING ${SESSION_COLUMNS}`,
      [interviewId, token, language],
    );
    return rows[0] ? toSession(rows[0]) : null;
  }

  /** The session when it belongs to that interview and the interview is active. */
  async findSession(interviewId: string, sessionId: string): Promise<SessionWithInterview | null> {
    const rows: Array<SessionRow & { interview: InterviewRow }> = await this.dataSource.query(
      `SELECT ${SESSION_COLUMNS}, row_to_json(x) AS interview
       FROM interview_sessions s
       JOIN LATERAL (SELECT ${INTERVIEW_COLUMNS} FROM interviews i WHERE i.id = s.interview_id AND i.active
         -- A session past its retention is gone already, even before the hourly sweep deletes it.
         AND s.created_at >= now() - make_interval(days => i.retention_days)) x ON true
       WHERE s.id = $1 AND s.interview_id = $2`,
      [sessionId, interviewId],
    );
    const row = rows[0];
    if (!row) return null;
    const interview = row.interview;
    return { ...toSession(row), interview: toInterview({ ...interview, created_at: new Date(interview.created_at) }) };
  }

  /** The session a token resumes, when its interview is active. */
  async findByToken(token: string): Promise<{ interviewId: string; sessionId: string } | null> {
    const rows: Array<{ interview_id: string; id: string }> = await this.dataSource.query(
      `SELECT s.id, s.interview_id FROM interview_sessions s
       JOIN interviews i ON i.id = s.interview_id AND i.active AND s.created_at >= now() - make_interval(days => i.retention_days)
       WHERE s.token = $1`,
      [token],
    );
    return rows[0] ? { interviewId: rows[0].interview_id, sessionId: rows[0].id } : null;
  }

  /** Moves the status only from `from` (compare-and-set); false when it had changed meanwhile. */
  async moveStatus(sessionId: string, from: InterviewStatus, to: InterviewStatus): Promise<boolean> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `UPDATE interview_sessions SET status = $3, updated_at = now(), completed_at = CASE WHEN $3::varchar = 'completed' THEN now() ELSE completed_at END
       WHERE id = $1 AND status = $2 RETURNING id`,
      [sessionId, from, to],
    );
    return rows.length > 0;
  }

  async setLanguage(sessionId: string, language: Language): Promise<void> {
    await this.dataSource.query(
      `UPDATE interview_sessions SET language = $2, updated_at = now() WHERE id = $1 AND status <> 'completed'`,
      [sessionId, language],
    );
  }

  /** The newest `limit` messages, oldest first. */
  async listMessages(sessionId: string, limit: number): Promise<ChatHistoryItem[]> {
    return this.messagesWith(this.dataSource.manager, sessionId, limit);
  }

  /** The newest messages, read by the given manager (inside a turn's transaction, or not). */
  private async messagesWith(manager: EntityManager, sessionId: string, limit: number): Promise<ChatHistoryItem[]> {
    const rows: Array<{ role: ChatRole; content: string; created_at: Date; risk: FlaggedRisk | null }> =
      await manager.query(
        `SELECT role, content, created_at, risk FROM (
         SELECT id, role, content, created_at, risk FROM interview_messages WHERE session_id = $1 ORDER BY id DESC LIMIT $2
       ) newest ORDER BY id`,
        [sessionId, limit],
      );
    return rows.map((row) => ({
      role: row.role,
      content: row.content,
      timestamp: row.created_at.toISOString(),
      ...(row.risk ? { risk: row.risk } : {}),
    }));
  }

  /**
   * One turn in one transaction, with the session row locked: the messages, the progress, and
   * the status (a first message starts a not_started session; the last answer completes it).
   * Throws SessionClosedError when the session is gone or already completed. Returns the newest
   * `historyLimit` messages as the transaction sees them: a turn that is committed needs no
   * second query to be answered, so it is never answered as failed (a repeat would store it twice).
   */
  async appendTurn(
    sessionId: string,
    messages: NewMessage[],
    progress: SessionProgress,
    historyLimit: number,
  ): Promise<ChatHistoryItem[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ status: InterviewStatus }> = await manager.query(
        `SELECT status FROM interview_sessions WHERE id = $1 FOR UPDATE`,
        [sessionId],
      );
      if (!rows[0] || rows[0].status === 'completed') throw new SessionClosedError();
      for (const message of messages) {
        await manager.query(
          `INSERT INTO interview_messages (session_id, role, content, question_index, created_at, risk, kind) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            sessionId,
            message.role,
            message.content,
            message.questionIndex,
            message.timestamp,
            message.risk ?? null,
            message.kind ?? null,
          ],
        );
      }
      await manager.query(
        `UPDATE interview_sessions SET answered = COALESCE($2::smallint, answered), probed = COALESCE($3::boolean, probed), suggestions = $4::jsonb, updated_at = now(),
           status = CASE WHEN $5::boolean THEN 'completed' ELSE 'in_progress' END,
           completed_at = CASE WHEN $5::boolean THEN now() ELSE completed_at END
         WHERE id = $1`,
        [
          sessionId,
          progress.answered ?? null,
          progress.probed ?? null,
          JSON.stringify(progress.suggestions),
          progress.complete,
        ],
      );
      return this.messagesWith(manager, sessionId, historyLimit);
    });
  }

  /** The retention sweep: sessions (and by cascade their messages) older than their interview's retention. */
  async deleteExpiredSessions(now: Date = new Date()): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `DELETE FROM interview_sessions s USING interviews i
       WHERE i.id = s.interview_id AND s.created_at < $1::timestamptz - make_interval(days => i.retention_days)
       RETURNING s.id`,
      [now.toISOString()],
    );
    return rows.length;
  }

  /** Every session of an interview with its messages, oldest first; tokens are left out. */
  async sessionsForExport(interviewId: string): Promise<
    Array<
      Omit<SessionRecord, 'token' | 'answered' | 'probed' | 'suggestions' | 'interviewId'> & {
        messages: ExportedMessage[];
      }
    >
  > {
    const sessions: SessionRow[] = await this.dataSource.query(
      `SELECT ${SESSION_COLUMNS} FROM interview_sessions s WHERE s.interview_id = $1 ORDER BY s.created_at, s.id`,
      [interviewId],
    );
    const messages: Array<{
      session_id: string;
      role: ChatRole;
      content: string;
      question_index: number | null;
      kind: InterviewMessageKind | null;
      created_at: Date;
    }> = await this.dataSource.query(
      `SELECT m.session_id, m.role, m.content, m.question_index, m.kind, m.created_at FROM interview_messages m
       JOIN interview_sessions s ON s.id = m.session_id WHERE s.interview_id = $1 AND m.risk IS NULL ORDER BY m.id`,
      [interviewId],
    );
    const bySession = new Map<string, ExportedMessage[]>();
    for (const message of messages) {
      const list = bySession.get(message.session_id) ?? [];
      // Messages from before kinds were kept count as answers, as they were stored.
      const kind = message.role === 'user' ? (message.kind ?? 'answer') : null;
      list.push({
        role: message.role,
        content: message.content,
        questionIndex: message.question_index,
        kind,
        timestamp: message.created_at.toISOString(),
      });
      bySession.set(message.session_id, list);
    }
    return sessions.map((row) => {
      const { id, status, language, createdAt, completedAt } = toSession(row);
      return { id, status, language, createdAt, completedAt, messages: bySession.get(row.id) ?? [] };
    });
  }
}
