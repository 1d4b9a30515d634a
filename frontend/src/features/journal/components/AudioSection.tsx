import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@clari/contracts';
import { usePublicConfig } from '../../../lib/public-config';
import type { ChosenAudioState } from '../hooks/useChosenAudio';
import { JOURNAL_NS } from '../journal-i18n';
import { AudioControls } from './AudioControls';
import { JournalSection } from './JournalSection';

interface AudioSectionProps {
  language: Language;
  onLanguageChange(language: Language): void;
  chosenAudio: ChosenAudioState;
  /** Transcribing or generating. */
  busy: boolean;
  transcribing: boolean;
  notConfigured: boolean;
  onTranscribe(): void;
}

/** The conversation's language, and its audio where a transcription provider is configured. */
export function AudioSection({ language, onLanguageChange, chosenAudio, busy, ...controls }: AudioSectionProps) {
  const { t } = useTranslation(JOURNAL_NS);
  const { transcriptionAvailable, loaded: configLoaded } = usePublicConfig();
  // Without a transcription provider, recording and uploading are hidden (as the chat hides its microphone).
  const audioOffered = configLoaded && transcriptionAvailable;
  const languageLabelId = useId();
  const recordingNow = chosenAudio.recorder.status === 'recording';

  return (
    <JournalSection
      title={audioOffered || !configLoaded ? t('audio.title') : t('audio.titleNoAudio')}
      testId="journal-audio"
    >
      <Stack spacing={2}>
        <FormControl size="small" sx={{ maxWidth: 280 }}>
          <InputLabel id={languageLabelId}>{t('audio.language')}</InputLabel>
          <Select
            labelId={languageLabelId}
            label={t('audio.language')}
            value={language}
            onChange={(event) => onLanguageChange(event.target.value as Language)}
            disabled={busy || recordingNow}
          >
            {LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={code}>
                {t(`audio.languages.${code}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>

        {audioOffered && <AudioControls chosenAudio={chosenAudio} busy={busy} {...controls} />}
        {configLoaded && !transcriptionAvailable && (
          <Alert severity="info" data-testid="journal-audio-unavailable">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('audio.unavailable')}
            </Typography>
            <Typography variant="body2">{t('audio.howToEnable')}</Typography>
          </Alert>
        )}
      </Stack>
    </JournalSection>
  );
}
