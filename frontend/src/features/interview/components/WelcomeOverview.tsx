import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { InterviewInfo, Language } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { startInterviewSession } from '../api/interview-api';
import { INTERVIEW_NS } from '../interview-i18n';
import { interviewPaths } from '../interview-paths';

interface WelcomeOverviewProps {
  info: InterviewInfo;
  language: Language;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onTerms(): void;
  onContinue(): void;
}

/** The welcome's main view: title, description, privacy, guidelines, breaks, skipping, the terms checkbox and Start. */
export function WelcomeOverview({ info, language, headingRef, onTerms, onContinue }: WelcomeOverviewProps) {
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
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
          label={t('welcome.acceptTerms')}
        />
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
