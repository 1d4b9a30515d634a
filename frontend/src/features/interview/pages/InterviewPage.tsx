import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import type {
  ChatResponse,
  InterviewConversationData,
  InterviewInfo,
  InterviewSessionResponse,
  InterviewStatus,
  Language,
} from '@clari/contracts';
import { LazyChatPanel } from '../../../components/assistant/LazyChatPanel';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api';
import { getInterview, getInterviewSession, setInterviewLanguage, updateInterviewSession } from '../api/interview-api';
import { InterviewLanguageToggle } from '../components/InterviewLanguageToggle';
import { INTERVIEW_NS } from '../interview-i18n';
import { interviewPaths } from '../interview-paths';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; session: InterviewSessionResponse; info: InterviewInfo | null }
  | { status: 'notFound' }
  | { status: 'failed' };

const STATUS_COLOURS: Record<InterviewStatus, 'default' | 'primary' | 'success'> = {
  not_started: 'default',
  in_progress: 'primary',
  completed: 'success',
};

/** Part 2 "Interview page": the session's code, status and start time, and the interview chat. */
export default function InterviewPage() {
  const { interviewId = '', sessionId = '' } = useParams();
  if (!sessionId) return <Navigate to={interviewPaths.welcome(interviewId)} replace />;
  return <InterviewSession key={`${interviewId}/${sessionId}`} interviewId={interviewId} sessionId={sessionId} />;
}

function InterviewSession({ interviewId, sessionId }: { interviewId: string; sessionId: string }) {
  const { t, i18n } = useTranslation(INTERVIEW_NS);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [status, setStatus] = useState<InterviewStatus>('not_started');

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      getInterviewSession(interviewId, sessionId, controller.signal),
      getInterview(interviewId, controller.signal).catch(() => null),
    ])
      .then(([session, info]) => {
        setLoad({ status: 'ready', session, info });
        setStatus(session.status);
        // Part 2 §4: opening a not_started session starts it; a failure is only logged.
        if (session.status === 'not_started') {
          updateInterviewSession(interviewId, sessionId, 'in_progress')
            .then((updated) => setStatus((current) => (current === 'completed' ? current : updated.status)))
            .catch((error: unknown) => console.error('Failed to update the interview status', error));
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load interview session', error);
        if (error instanceof ApiError && error.status === 404) setLoad({ status: 'notFound' });
        else setLoad({ status: 'failed' });
      });
    return () => controller.abort();
  }, [interviewId, sessionId]);

  const onReply = useCallback(
    (response: ChatResponse) => {
      if (!response.isComplete) return;
      setStatus('completed');
      // Part 2 §4: completed when a reply reports isComplete (the server has done it too); failures are only logged.
      updateInterviewSession(interviewId, sessionId, 'completed').catch((error: unknown) =>
        console.error('Failed to update the interview status', error),
      );
    },
    [interviewId, sessionId],
  );

  const session = load.status === 'ready' ? load.session : null;

  // Clari follows the page: the session's language changes with the toggle (not once it is completed).
  const changeSessionLanguage = (language: Language) => {
    if (!session || session.language === language || status === 'completed') return;
    setInterviewLanguage(interviewId, sessionId, language).then(
      (updated) =>
        setLoad((current) =>
          current.status === 'ready'
            ? { ...current, session: { ...current.session, language: updated.language } }
            : current,
        ),
      (error: unknown) => console.error('Failed to change the interview language', error),
    );
  };
  const conversationData = useMemo<InterviewConversationData | undefined>(
    () =>
      session
        ? {
            session_id: sessionId,
            interview_id: interviewId,
            language: session.language,
            currentPhase: 'interview',
            isContextLoaded: true,
            contextSwitched: false,
          }
        : undefined,
    [session, sessionId, interviewId],
  );

  if (load.status === 'loading') return <PageSpinner />;
  if (load.status === 'notFound' || load.status === 'failed') {
    return (
      <Container maxWidth="sm">
        <Stack spacing={2}>
          <Typography variant="h1" role="alert" data-testid="interview-session-error">
            {load.status === 'notFound' ? t('session.notFound') : t('session.loadFailed')}
          </Typography>
          <Box>
            <Button component={RouterLink} to={interviewPaths.welcome(interviewId)} startIcon={<ArrowBack />}>
              {t('session.backToStart')}
            </Button>
          </Box>
        </Stack>
      </Container>
    );
  }

  const language = i18n.language;
  const title = load.info ? (language === 'sv' ? load.info.title.sv : load.info.title.en) : t('session.defaultTitle');
  const started = new Date(load.session.createdAt).toLocaleString(language, { dateStyle: 'long', timeStyle: 'short' });

  return (
    <Container maxWidth="md">
      <Stack spacing={3}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={interviewPaths.welcome(interviewId)} startIcon={<ArrowBack />}>
            {t('session.backToStart')}
          </Button>
          <InterviewLanguageToggle onChange={changeSessionLanguage} />
        </Stack>
        <Typography variant="h1">{title}</Typography>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, auto)' },
              justifyContent: 'start',
              columnGap: 6,
              '& dd': { m: 0 },
            }}
          >
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('session.codeLabel')}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  fontSize: '1.75rem',
                  fontWeight: 700,
                  letterSpacing: '0.15em',
                  fontVariantNumeric: 'tabular-nums',
                }}
                data-testid="interview-token"
              >
                {load.session.token}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('session.statusLabel')}
              </Typography>
              <Box component="dd" sx={{ pt: 0.5 }}>
                <Chip
                  label={t(`session.status.${status}`)}
                  color={STATUS_COLOURS[status]}
                  variant={status === 'not_started' ? 'outlined' : 'filled'}
                  data-testid="interview-status"
                  data-status={status}
                />
              </Box>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('session.startedLabel')}
              </Typography>
              <Typography component="dd" sx={{ pt: 0.75 }} data-testid="interview-started">
                <time dateTime={load.session.createdAt}>{started}</time>
              </Typography>
            </Box>
          </Box>
          {/* A completed interview cannot be continued: there is nothing to come back for. */}
          {status !== 'completed' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="interview-code-hint">
              {t('session.codeHint')}
            </Typography>
          )}
        </Paper>

        {status === 'completed' && (
          <Alert severity="success" data-testid="interview-completed">
            {t('session.completed')}
          </Alert>
        )}

        {conversationData && (
          <LazyChatPanel
            conversationDomain="interview"
            conversationData={conversationData}
            language={load.session.language}
            size="large"
            onReply={onReply}
            disabled={status === 'completed'}
            voiceInput={false}
            clearable={false}
            loadingLabel={t('session.chatLoading')}
          />
        )}
      </Stack>
    </Container>
  );
}
