import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isLanguage, type Language } from '@clari/contracts';
import { PageSpinner } from '../../../components/PageSpinner';
import { ContinueWithCode } from '../components/ContinueWithCode';
import { InterviewLanguageToggle } from '../components/InterviewLanguageToggle';
import { InterviewLoadProblem } from '../components/InterviewLoadProblem';
import { WelcomeOverview } from '../components/WelcomeOverview';
import { WelcomeTerms } from '../components/WelcomeTerms';
import { useInterviewInfo } from '../hooks/useInterviewInfo';
import { INTERVIEW_NS } from '../interview-i18n';

type View = 'main' | 'terms' | 'token';

/** Part 2 "Interview welcome": language, description, privacy, guidelines, breaks, skipping, terms, start or continue. */
export default function InterviewWelcomePage() {
  const { interviewId = '' } = useParams();
  const { t, i18n } = useTranslation(INTERVIEW_NS);
  const load = useInterviewInfo(interviewId);
  const [view, setView] = useState<View>('main');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  // Each view change moves the focus to the new view's heading (not on the first render).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    heading.current?.focus();
  }, [view]);

  if (load.status === 'loading') return <PageSpinner />;
  if (load.status !== 'ready') return <InterviewLoadProblem notFound={load.status === 'notFound'} />;

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
        {view === 'main' && (
          <WelcomeOverview
            info={info}
            language={language}
            headingRef={heading}
            onTerms={() => setView('terms')}
            onContinue={() => setView('token')}
          />
        )}
        {view === 'terms' && <WelcomeTerms info={info} headingRef={heading} onBack={() => setView('main')} />}
        {view === 'token' && <ContinueWithCode headingRef={heading} onBack={() => setView('main')} />}
      </Stack>
    </Container>
  );
}
