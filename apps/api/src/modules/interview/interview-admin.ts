import { readFile } from 'node:fs/promises';
import { isUuidShaped, type InterviewStatus, type Language, type LocalizedText } from '@clari/contracts';
import { parseInterviewDefinition, type InterviewGuide } from './interview-definition';
import type { ExportedMessage, InterviewRepository } from './interview.repository';

/** The CLI's interview commands, apart from process handling so the tests can run them. */

export class InterviewAdminError extends Error {}

/** `interview:create --file guide.json`: validates the file and stores the interview; returns its id and link. */
export async function createInterviewFromFile(
  repository: InterviewRepository,
  file: string,
  publicUrl: string,
): Promise<{ id: string; link: string }> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new InterviewAdminError(`Cannot read ${file}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new InterviewAdminError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = parseInterviewDefinition(json);
  if (!parsed.ok) throw new InterviewAdminError(`${file} is not a valid interview:\n- ${parsed.errors.join('\n- ')}`);
  const id = await repository.createInterview(parsed.definition);
  return { id, link: `${publicUrl.replace(/\/+$/, '')}/interview/${id}` };
}

/** Per question of a session: how it ended, and the participant's answers to it (in order). */
export interface ExportedQuestion {
  index: number;
  status: 'answered' | 'skipped' | 'paused' | 'not_reached';
  answers: string[];
}

export interface InterviewExport {
  interview: {
    id: string;
    title: LocalizedText;
    description: LocalizedText;
    guide: InterviewGuide;
    active: boolean;
    retentionDays: number;
    createdAt: string;
  };
  exportedAt: string;
  /** Anonymous: no resume codes, no addresses, nothing about who took part. */
  sessions: Array<{
    sessionId: string;
    status: InterviewStatus;
    language: Language;
    startedAt: string;
    completedAt: string | null;
    questions: ExportedQuestion[];
    messages: ExportedMessage[];
  }>;
}

/** Answers lined up with their questions; skipped and paused questions marked as such. */
export function questionsOf(messages: readonly ExportedMessage[], questionCount: number): ExportedQuestion[] {
  return Array.from({ length: questionCount }, (_, index) => {
    const mine = messages.filter((message) => message.role === 'user' && message.questionIndex === index);
    const answers = mine.filter((message) => message.kind === 'answer').map((message) => message.content);
    const status = answers.length
      ? 'answered'
      : mine.some((message) => message.kind === 'skip')
        ? 'skipped'
        : mine.some((message) => message.kind === 'pause')
          ? 'paused'
          : 'not_reached';
    return { index, status, answers };
  });
}

/** `interview:export <id>`: every session's transcript as JSON (also of inactive interviews). */
export async function exportInterview(
  repository: InterviewRepository,
  interviewId: string,
  now: Date = new Date(),
): Promise<InterviewExport> {
  const interview = isUuidShaped(interviewId)
    ? await repository.findInterview(interviewId, { activeOnly: false })
    : null;
  if (!interview) throw new InterviewAdminError(`No interview has the id ${interviewId}.`);
  const sessions = await repository.sessionsForExport(interview.id);
  return {
    interview: {
      id: interview.id,
      title: interview.title,
      description: interview.description,
      guide: interview.guide,
      active: interview.active,
      retentionDays: interview.retentionDays,
      createdAt: interview.createdAt,
    },
    exportedAt: now.toISOString(),
    sessions: sessions.map((session) => ({
      sessionId: session.id,
      status: session.status,
      language: session.language,
      startedAt: session.createdAt,
      completedAt: session.completedAt,
      questions: questionsOf(session.messages, interview.guide.questions.length),
      messages: session.messages,
    })),
  };
}
