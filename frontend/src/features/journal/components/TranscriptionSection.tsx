import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_LIMITS, JOURNAL_NOTE_FORMATS, type JournalNoteFormat, type Language } from '@clari/contracts';
import { usePublicConfig } from '../../../lib/public-config';
import { JOURNAL_NS } from '../journal-i18n';
import { JournalSection } from './JournalSection';

interface TranscriptionSectionProps {
  text: string;
  onTextChange(text: string): void;
  /** The transcript's language, for the browser's spelling check and screen readers. */
  language: Language;
  justTranscribed: boolean;
  format: JournalNoteFormat;
  onFormatChange(format: JournalNoteFormat): void;
  processing: boolean;
  onGenerate(): void;
}

/** The editable transcript, the note format and Generate. */
export function TranscriptionSection({
  text,
  onTextChange,
  language,
  justTranscribed,
  format,
  onFormatChange,
  processing,
  onGenerate,
}: TranscriptionSectionProps) {
  const { t } = useTranslation(JOURNAL_NS);
  const { transcriptionAvailable, loaded: configLoaded } = usePublicConfig();
  const audioOffered = configLoaded && transcriptionAvailable;
  const formatLabelId = useId();
  const formatHelpId = useId();

  return (
    <JournalSection title={t('transcription.title')} testId="journal-transcription">
      <Stack spacing={2}>
        {justTranscribed && (
          <Typography role="status" variant="body2" color="success.dark">
            {t('transcription.ready')}
          </Typography>
        )}
        <TextField
          label={t('transcription.label')}
          placeholder={audioOffered ? t('transcription.placeholder') : t('transcription.placeholderTyped')}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          multiline
          rows={JOURNAL_LIMITS.transcriptionRows}
          fullWidth
          helperText={text ? t('transcription.kept') : undefined}
          slotProps={{ htmlInput: { maxLength: JOURNAL_LIMITS.transcriptionMax, lang: language, spellCheck: true } }}
        />
        <FormControl size="small" sx={{ maxWidth: 420 }}>
          <InputLabel id={formatLabelId}>{t('format.label')}</InputLabel>
          <Select
            labelId={formatLabelId}
            label={t('format.label')}
            value={format}
            onChange={(event) => onFormatChange(event.target.value as JournalNoteFormat)}
            disabled={processing}
            inputProps={{ 'aria-describedby': formatHelpId }}
            data-testid="journal-format"
          >
            {JOURNAL_NOTE_FORMATS.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`format.options.${option}`)}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText id={formatHelpId}>{t('format.help')}</FormHelperText>
        </FormControl>
        <Box>
          <Button
            variant="contained"
            size="large"
            startIcon={processing ? <CircularProgress size={18} color="inherit" /> : <AutoAwesomeOutlined />}
            onClick={onGenerate}
            // Part 2 §4: disabled when the text is blank or while processing.
            disabled={!text.trim() || processing}
          >
            {processing ? t('transcription.generating') : t('transcription.generate')}
          </Button>
        </Box>
      </Stack>
    </JournalSection>
  );
}
