import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import GraphicEqOutlined from '@mui/icons-material/GraphicEqOutlined';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDING } from '@clari/contracts';
import { formatElapsed } from '../../../components/assistant/VoiceInputButton';
import { saveFile } from '../../../lib/download';
import { AUDIO_ACCEPT } from '../audio-file';
import type { ChosenAudioState } from '../hooks/useChosenAudio';
import { JOURNAL_NS } from '../journal-i18n';

interface AudioControlsProps {
  chosenAudio: ChosenAudioState;
  /** Transcribing or generating: nothing new may be chosen meanwhile. */
  busy: boolean;
  transcribing: boolean;
  notConfigured: boolean;
  onTranscribe(): void;
}

/** Record or upload, listen, and transcribe; shown only when a transcription provider is configured. */
export function AudioControls({ chosenAudio, busy, transcribing, notConfigured, onTranscribe }: AudioControlsProps) {
  const { t } = useTranslation(JOURNAL_NS);
  const { recorder, recording, audio, fileError, clearFileError, chooseFile } = chosenAudio;
  const fileInput = useRef<HTMLInputElement>(null);
  const recordingNow = recorder.status === 'recording';

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        useFlexGap
      >
        <Button
          variant={recordingNow ? 'contained' : 'outlined'}
          color={recordingNow ? 'error' : 'primary'}
          startIcon={recordingNow ? <StopIcon /> : <MicIcon />}
          onClick={recorder.toggle}
          // Part 2 §4: the recorder is disabled while processing.
          disabled={(busy && !recordingNow) || recorder.status === 'transcribing'}
        >
          {recordingNow ? t('audio.stop') : t('audio.record')}
        </Button>
        {recordingNow && (
          <Typography
            role="timer"
            aria-label={t('audio.recording', { time: formatElapsed(recorder.elapsedSeconds) })}
            color="error.dark"
            sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
            data-testid="journal-recording-timer"
          >
            {formatElapsed(recorder.elapsedSeconds)}
          </Typography>
        )}
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          disabled={!recording || recordingNow}
          onClick={() => recording && saveFile(recording, RECORDING.downloadFileName)}
        >
          {t('audio.downloadRecording')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => fileInput.current?.click()}
          disabled={busy || recordingNow}
        >
          {t('audio.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={AUDIO_ACCEPT}
          hidden
          onChange={chooseFile}
          data-testid="journal-file-input"
          aria-label={t('audio.upload')}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('audio.uploadHint')}
      </Typography>
      {fileError && (
        <Alert severity="error" role="alert" data-testid="journal-file-error" onClose={clearFileError}>
          {fileError}
        </Alert>
      )}
      {recorder.nearLimit && recordingNow && (
        <Typography role="status" variant="body2" color="warning.dark">
          {t('audio.warning')}
        </Typography>
      )}
      {recorder.error && (
        <Alert severity="warning" role="alert">
          {recorder.error.message}
        </Alert>
      )}

      <Box>
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="journal-chosen-audio">
          {audio ? t('audio.chosen', { name: audio.label }) : t('audio.none')}
        </Typography>
        {audio && (
          <Box
            component="audio"
            controls
            src={audio.url}
            aria-label={t('audio.player')}
            sx={{ width: '100%', maxWidth: 480 }}
            data-testid="journal-player"
          />
        )}
      </Box>
      <Box>
        <Button
          variant="contained"
          startIcon={transcribing ? <CircularProgress size={18} color="inherit" /> : <GraphicEqOutlined />}
          onClick={onTranscribe}
          // Part 2 §5: Transcribe needs a chosen file.
          disabled={!audio || busy || recordingNow}
        >
          {transcribing ? t('audio.transcribing') : t('audio.transcribe')}
        </Button>
      </Box>
      {notConfigured && (
        <Alert severity="info" data-testid="journal-not-configured">
          {t('errors.notConfigured')}
        </Alert>
      )}
    </>
  );
}
