import ArrowBack from '@mui/icons-material/ArrowBack';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { INTERVIEW_TOKEN_PATTERN, isLanguage, type InterviewInfo, type Language } from '@clari/contracts';
import { PageSpinner } from '../../../components/PageSpinner';
import { useToast } from '../../../components/ToastProvider';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { findSessionByToken, getInterview, startInterviewSession } from '../api/interview-api';
import { InterviewLanguageToggle } from '../components/InterviewLanguageToggle';
import { INTERVIEW_NS } from '../interview-i18n';
import { interviewPaths } from '../interview-paths';

type View = 'main' | 'terms' | 'token';
type LoadState = { status: 'loading' } | { status: 'ready'; info: InterviewInfo } | { status: 'notFound' } | { status: 'failed' };

/** Part 2 "Interview welcome": language, description, privacy, guidelines, breaks, skipping, terms, start or continue. */
export default function InterviewWelcomePage() {
  const { interviewId = '' } = useParams();
  const { t, i18n } = useTranslation(INTERVIEW_NS);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [view, setView] = useState<View>('main');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

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

  // Each view change moves the focus to the new view's heading (not on the first render).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    heading.current?.focus();
  }, [view]);

  if (load.status === 'loading') return <PageSpinner />;
  if (load.status !== 'ready') {
    return (
      <Container maxWidth="sm">
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <InterviewLanguageToggle />
          </Box>
          <Typography variant="h1">{load.status === 'notFound' ? t('notFound') : t('loadFailed')}</Typography>
          {load.status === 'notFound' && <Typography color="text.secondary">{t('notFoundText')}</Typography>}
        </Stack>
      </Container>
    );
  }

  const { info } = load;
  return (
    <Container maxWidth="md">
      <Stack spacing={3}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {t('welcome.eyebrow')}
          </Typography>
          <InterviewLanguageToggle />
        </Stack>
        {view === 'main' && <MainView info={info} language={language} headingRef={heading} onTerms={() => setView('terms')} onContinue={() => setView('token')} />}
        {view === 'terms' && <TermsView info={info} headingRef={heading} onBack={() => setView('main')} />}
        {view === 'token' && <TokenView headingRef={heading} onBack={() => setView('main')} />}
      </Stack>
    </Container>
  );
}

interface ViewProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function MainView({ info, language, headingRef, onTerms, onContinue }: ViewProps & { info: InterviewInfo; language: Language; onTerms(): void; onContinue(): void }) {
  const { t } = useTranslation(INTERVIEW_NS);
  const toast = useToast();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [starting, setStarting] = useState(false);
  const hintId = useId();
  const sections = [
    ['privacy', t('welcome.privacyTitle'), t('welcome.privacy', { count: info.retentionDays })],
    ['guidelines', t('welcome.guidelinesTitle'), t('welcome.guidelines', { count: info.questionCount })],
    ['breaks', t('welcome.breaksTitle'), t('welcome.breaks')],
    ['skip', t('welcome.skipTitle'), t('welcome.skip')],
  ] as const;

  const start = async () => {
    // Part 2 §5: starting needs accepted terms (the button is disabled until then).
    if (!accepted) {
      toast(t('terms_required'), 'error');
      return;
    }
    setStarting(true);
    try {
      const { sessionId } = await startInterviewSession(info.interviewId, language);
      navigate(interviewPaths.session(info.interviewId, sessionId));
    } catch (error) {
      console.error('Failed to start the interview', error);
      toast(t('start_error'), 'error');
      setStarting(false);
    }
  };

  return (
    <>
      <Box>
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
          {info.title[language]}
        </Typography>
        <Typography sx={{ fontSize: '1.1rem' }} data-testid="interview-description">
          {info.description[language]}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {sections.map(([key, title, text]) => (
            <Box key={key} data-testid={`interview-${key}`}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </Box>
          ))}
        </Stack>
      </Paper>
      <Box>
        <FormControlLabel control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />} label={t('welcome.acceptTerms')} />
        <Box>
          <Link component="button" type="button" onClick={onTerms} sx={{ typography: 'body2' }}>
            {t('welcome.readTerms')}
          </Link>
        </Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          size="large"
          startIcon={starting ? <CircularProgress size={18} color="inherit" /> : <PlayArrowRounded />}
          disabled={!accepted || starting}
          onClick={() => void start()}
          aria-describedby={accepted ? undefined : hintId}
        >
          {starting ? t('welcome.starting') : t('welcome.start')}
        </Button>
        <Button variant="text" onClick={onContinue}>
          {t('welcome.continueExisting')}
        </Button>
      </Stack>
      {!accepted && (
        <Typography id={hintId} variant="body2" color="text.secondary" data-testid="interview-terms-required">
          {t('terms_required')}
        </Typography>
      )}
    </>
  );
}

function TermsView({ info, headingRef, onBack }: ViewProps & { info: InterviewInfo; onBack(): void }) {
  const { t } = useTranslation(INTERVIEW_NS);
  const items = t('terms.items', { returnObjects: true, count: info.retentionDays }) as string[];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ fontSize: '2rem', outline: 'none' }}>
          {t('terms.title')}
        </Typography>
        <Box component="ul" sx={{ pl: 3, m: 0, display: 'grid', gap: 1 }}>
          {items.map((item) => (
            <Typography component="li" key={item}>
              {item}
            </Typography>
          ))}
        </Box>
        <Link component={RouterLink} to={paths.privacy}>
          {t('terms.privacyLink')}
        </Link>
        <Box>
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={onBack}>
            {t('terms.back')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function TokenView({ headingRef, onBack }: ViewProps & { onBack(): void }) {
  const { t } = useTranslation(INTERVIEW_NS);
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Part 2 §5: exactly six characters, all digits; otherwise invalid_token, inline.
    if (!INTERVIEW_TOKEN_PATTERN.test(token)) {
      setError(t('invalid_token'));
      return;
    }
    setChecking(true);
    try {
      const found = await findSessionByToken(token);
      navigate(interviewPaths.session(found.interviewId, found.sessionId));
    } catch (failure) {
      console.error('Token lookup failed', failure);
      setError(failure instanceof ApiError && failure.status === 429 ? t('rate_limited') : t('token_not_found'));
      setChecking(false);
    }
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={(event: FormEvent) => void submit(event)} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ fontSize: '2rem', outline: 'none' }}>
          {t('token.title')}
        </Typography>
        <Typography color="text.secondary">{t('token.intro')}</Typography>
        <TextField
          label={t('token.label')}
          placeholder="123456"
          value={token}
          onChange={(event) => {
            // Limited to six characters; typing clears the error (part 2 §5).
            setToken(event.target.value.slice(0, 6));
            setError(null);
          }}
          error={!!error}
          autoComplete="off"
          autoFocus
          sx={{ maxWidth: 240 }}
          slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric', 'data-testid': 'interview-token-input', style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } } }}
        />
        {error && (
          <Alert severity="error" role="alert" data-testid="interview-token-error">
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={onBack} type="button">
            {t('token.back')}
          </Button>
          <Button variant="contained" type="submit" disabled={checking} startIcon={checking ? <CircularProgress size={18} color="inherit" /> : undefined}>
            {checking ? t('token.checking') : t('token.continue')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
