import SendIcon from '@mui/icons-material/Send';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_LIMITS, type Language } from '@clari/contracts';
import { ASSISTANT_NS } from './assistant-i18n';

const LANGUAGE_CODES: Record<Language, string> = { en: 'EN', sv: 'SV' };
/** The character counter appears once a message comes this close to the limit. */
const COUNTER_FROM = ASSISTANT_LIMITS.messageMax - 500;

interface MessageComposerProps {
  draft: string;
  onDraftChange(draft: string): void;
  /** Enter sends, Shift+Enter breaks the line. */
  onSubmit(): void;
  /** Stops the reply being written. */
  onStop(): void;
  language: Language;
  inputRef: Ref<HTMLTextAreaElement>;
  disabled: boolean;
  /** A reply is on its way: the send button becomes a stop button. */
  loading: boolean;
  canSend: boolean;
  /** The microphone button, when voice input is offered. */
  voice?: ReactNode;
}

/** The message input showing the conversation's language code, the microphone and the send (or stop) button. */
export function MessageComposer({
  draft,
  onDraftChange,
  onSubmit,
  onStop,
  language,
  inputRef,
  disabled,
  loading,
  canSend,
  voice,
}: MessageComposerProps) {
  const { t } = useTranslation(ASSISTANT_NS);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
      <TextField
        inputRef={inputRef}
        value={draft}
        onChange={(event) => onDraftChange(event.target.value.slice(0, ASSISTANT_LIMITS.messageMax))}
        onKeyDown={onKeyDown}
        placeholder={t('input.placeholder')}
        disabled={disabled}
        multiline
        minRows={1}
        maxRows={6}
        fullWidth
        size="small"
        helperText={
          draft.length >= COUNTER_FROM
            ? t('input.count', { count: draft.length, max: ASSISTANT_LIMITS.messageMax })
            : undefined
        }
        slotProps={{
          htmlInput: { maxLength: ASSISTANT_LIMITS.messageMax, 'aria-label': t('input.label') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  component="abbr"
                  title={t(`input.languageName.${language}`)}
                  data-testid="chat-language"
                  sx={{
                    typography: 'caption',
                    fontWeight: 700,
                    color: 'text.secondary',
                    textDecoration: 'none',
                    cursor: 'help',
                  }}
                >
                  {LANGUAGE_CODES[language]}
                </Box>
              </InputAdornment>
            ),
          },
        }}
      />
      {voice}
      {loading ? (
        // While Clari writes, the send button becomes a stop button.
        <Tooltip title={t('actions.stop')} describeChild>
          <IconButton aria-label={t('actions.stop')} color="primary" onClick={onStop} data-testid="chat-stop">
            <StopCircleOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('actions.send')} describeChild>
          <span>
            <IconButton aria-label={t('actions.send')} color="primary" onClick={onSubmit} disabled={!canSend}>
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}
