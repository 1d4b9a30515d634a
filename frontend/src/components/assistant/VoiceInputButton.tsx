import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_NS } from './assistant-i18n';
import type { AudioRecorder } from './useAudioRecorder';

/** m:ss, e.g. 0:07 or 14:59. */
export function formatElapsed(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export interface VoiceInputButtonProps {
  /** The recorder this button drives (from useAudioRecorder). */
  recorder: AudioRecorder;
  disabled?: boolean;
}

/**
 * The microphone button: idle (microphone), recording (stop, with a running timer) and
 * transcribing (a spinner; not clickable).
 */
export function VoiceInputButton({ recorder, disabled = false }: VoiceInputButtonProps) {
  const { t } = useTranslation(ASSISTANT_NS);
  const { status, elapsedSeconds, toggle } = recorder;

  if (status === 'transcribing') {
    return (
      <Box
        sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 40, height: 40 }}
        role="status"
      >
        <CircularProgress size={22} aria-label={t('actions.transcribing')} />
      </Box>
    );
  }

  const recording = status === 'recording';
  const label = recording ? t('actions.stopRecording') : t('actions.record');
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {recording && (
        <Typography
          variant="caption"
          color="error.dark"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
          data-testid="recording-timer"
          aria-label={t('audio.recording', { time: formatElapsed(elapsedSeconds) })}
          role="timer"
        >
          {formatElapsed(elapsedSeconds)}
        </Typography>
      )}
      <Tooltip title={label} describeChild>
        {/* The span lets the tooltip work while the button is disabled. */}
        <span>
          <IconButton
            aria-label={label}
            onClick={toggle}
            disabled={disabled && !recording}
            color={recording ? 'error' : 'default'}
          >
            {recording ? <StopIcon /> : <MicIcon />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
