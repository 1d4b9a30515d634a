import type {
  CreateInterviewSessionResponse,
  InterviewInfo,
  InterviewSessionResponse,
  InterviewStatus,
  InterviewTokenLookupResponse,
  Language,
} from '@clari/contracts';
import { api } from '../../../lib/api';

/** The interview's calls (part 2 §7), all JSON, none needing a login. */

export const getInterview = (interviewId: string, signal?: AbortSignal) =>
  api<InterviewInfo>(`/api/interview/${encodeURIComponent(interviewId)}`, { signal });

export const startInterviewSession = (interviewId: string, language: Language) =>
  api<CreateInterviewSessionResponse>(`/api/interview/${encodeURIComponent(interviewId)}/session`, {
    method: 'POST',
    body: { language },
  });

export const findSessionByToken = (token: string) =>
  api<InterviewTokenLookupResponse>(`/api/interview/session/token/${encodeURIComponent(token)}`);

export const getInterviewSession = (interviewId: string, sessionId: string, signal?: AbortSignal) =>
  api<InterviewSessionResponse>(
    `/api/interview/${encodeURIComponent(interviewId)}/session/${encodeURIComponent(sessionId)}`,
    { signal },
  );

export const updateInterviewSession = (interviewId: string, sessionId: string, status: InterviewStatus) =>
  api<InterviewSessionResponse>(
    `/api/interview/${encodeURIComponent(interviewId)}/session/${encodeURIComponent(sessionId)}`,
    { method: 'PATCH', body: { status } },
  );

/** Clari speaks `language` in the session from the next message on (the page's toggle). */
export const setInterviewLanguage = (interviewId: string, sessionId: string, language: Language) =>
  api<InterviewSessionResponse>(
    `/api/interview/${encodeURIComponent(interviewId)}/session/${encodeURIComponent(sessionId)}`,
    { method: 'PATCH', body: { language } },
  );
