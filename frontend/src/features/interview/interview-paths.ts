import { paths } from '../../config/paths';

/** /interview/{interviewId} and /interview/{interviewId}/{sessionId} (part 2 §2). */
export const interviewPaths = {
  welcome: (interviewId: string) => `${paths.interview}/${encodeURIComponent(interviewId)}`,
  session: (interviewId: string, sessionId: string) =>
    `${paths.interview}/${encodeURIComponent(interviewId)}/${encodeURIComponent(sessionId)}`,
};
