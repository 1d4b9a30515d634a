import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@clari/contracts';
import { useChosenAudio } from '../hooks/useChosenAudio';
import { useJournalSummary } from '../hooks/useJournalSummary';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import { useNoteFormat } from '../hooks/useNoteFormat';
import { useTranscript } from '../hooks/useTranscript';
import { JOURNAL_NS } from '../journal-i18n';
import { AudioSection } from './AudioSection';
import { LeaveDialog } from './LeaveDialog';
import { SummarySection } from './SummarySection';
import { TranscriptionSection } from './TranscriptionSection';

/** The clinician's Journal: audio, transcript and summary, top to bottom. */
export function JournalWorkspace({ defaultLanguage }: { defaultLanguage: Language }) {
  const { t } = useTranslation(JOURNAL_NS);
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [format, chooseFormat] = useNoteFormat();
  const chosenAudio = useChosenAudio(language);
  const transcript = useTranscript(language);
  const summary = useJournalSummary();
  const blocker = useLeaveGuard(summary.unsaved);
  const busy = transcript.transcribing || summary.processing;

  return (
    <Container maxWidth="md">
      <Stack spacing={3}>
        <Box>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('intro')}</Typography>
        </Box>
        <Alert severity="info" icon={<LockOutlined fontSize="inherit" />} data-testid="journal-privacy">
          {t('privacy')}
        </Alert>

        <AudioSection
          language={language}
          onLanguageChange={setLanguage}
          chosenAudio={chosenAudio}
          busy={busy}
          transcribing={transcript.transcribing}
          notConfigured={transcript.notConfigured}
          onTranscribe={() => void transcript.transcribe(chosenAudio.audio)}
        />
        <TranscriptionSection
          text={transcript.text}
          onTextChange={transcript.setText}
          language={language}
          justTranscribed={transcript.justTranscribed}
          format={format}
          onFormatChange={chooseFormat}
          processing={summary.processing}
          onGenerate={() => void summary.generate(transcript.text, language, format)}
        />
        <SummarySection
          nodes={summary.nodes}
          language={language}
          processing={summary.processing}
          headingRef={summary.headingRef}
          onSaved={summary.markSaved}
        />
      </Stack>
      <LeaveDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.reset()}
        onLeave={() => blocker.proceed()}
      />
    </Container>
  );
}
