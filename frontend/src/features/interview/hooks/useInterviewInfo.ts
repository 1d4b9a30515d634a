import { useEffect, useState } from 'react';
import type { InterviewInfo } from '@clari/contracts';
import { ApiError } from '../../../lib/api';
import { getInterview } from '../api/interview-api';

export type InterviewLoadState =
  { status: 'loading' } | { status: 'ready'; info: InterviewInfo } | { status: 'notFound' } | { status: 'failed' };

/** The public description of an interview; an unknown id is told apart from a failed load. */
export function useInterviewInfo(interviewId: string): InterviewLoadState {
  const [load, setLoad] = useState<InterviewLoadState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getInterview(interviewId, controller.signal)
      .then((info) => setLoad({ status: 'ready', info }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the interview', error);
        setLoad({ status: error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed' });
      });
    return () => controller.abort();
  }, [interviewId]);
  return load;
}
