import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import SendIcon from '@mui/icons-material/Send';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import {
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSISTANT_LIMITS,
  CHAT_HEIGHTS,
  DEFAULT_CHAT_SIZE,
  type ChatResponse,
  type ChatSize,
  type ConversationData,
  type Language,
} from '@clari/contracts';
import { usePublicConfig } from '../../lib/public-config';
import { ASSISTANT_NS } from './assistant-i18n';
import type { DisplayMessage } from './conversation-store';
import { useAssistantChat } from './useAssistantChat';
import { useAudioRecorder } from './useAudioRecorder';
import { ChatMarkdown } from './ChatMarkdown';
import { CrisisHelpCard } from './CrisisHelpCard';
import { VoiceInputButton } from './VoiceInputButton';
import { visuallyHidden } from './visually-hidden';

/** What a page can do with a mounted panel (through the `ref` prop). */
export interface ChatPanelHandle {
  /**
   * Sends a message as if the user had typed it (e.g. Reflect's Clarify phrase). Resolves
   * false when nothing was sent: history still loading, a reply loading, the panel disabled,
   * an empty message, or a failed call.
   */
  send(message: string): Promise<boolean>;
  /** Moves the keyboard focus to the message input. */
  focus(): void;
}

export interface ChatPanelProps {
  /** The conversation domain (part 1 §3), e.g. 'valueexplorer_lifearea' or 'reflect_topic'. */
  conversationDomain: string;
  /**
   * Domain data sent with every call. It also names the thread (sectionNumber, reflectionId,
   * session_id, thread_id or the area id); a new object with the same thread does not reload.
   */
  conversationData?: ConversationData;
  /** The language Clari answers in; its code is shown in the input. */
  language: Language;
  /** Height of the message list: small 200px, medium 300px (default), large 400px. */
  size?: ChatSize;
  /** Called with the whole answer to each message sent (updates, currentPhase, reflection…). */
  onReply?: (response: ChatResponse) => void;
  /**
   * Called with true once the history has loaded and no reply is loading (and the panel is
   * not disabled), false otherwise; pages use it to enable buttons that send through `ref`.
   */
  onReadyChange?: (ready: boolean) => void;
  /** Called when the server reports a conversation phase (on history load and on replies). */
  onPhaseChange?: (phase: string) => void;
  /** Turns off sending, suggestions, recording and clearing; the messages stay readable. */
  disabled?: boolean;
  /** Changing this value loads the thread's history from the server again. */
  reloadKey?: string | number;
  /** Shows the microphone button (default true); off where transcription needs a login the visitor lacks. */
  voiceInput?: boolean;
  /** Shows the clear-conversation button (default true); off for threads the user cannot delete (the interview's). */
  clearable?: boolean;
  /** The imperative handle (React 19 passes `ref` as a prop). */
  ref?: Ref<ChatPanelHandle>;
}

const LANGUAGE_CODES: Record<Language, string> = { en: 'EN', sv: 'SV' };
/** The character counter appears once a message comes this close to the limit. */
const COUNTER_FROM = ASSISTANT_LIMITS.messageMax - 500;

/** Joins a transcription onto what is already typed, separated by a space, within the limit. */
function appendTranscription(current: string, transcription: string): string {
  const joined = current.trim() ? `${current.trimEnd()} ${transcription}` : transcription;
  return joined.slice(0, ASSISTANT_LIMITS.messageMax);
}

/**
 * The Clari chat panel (part 1 "Chat assistant panel"): title, markdown message list,
 * clear button, suggestion chips, a multi-line input showing the language code, a microphone
 * button and a send button. Enter sends, Shift+Enter breaks the line. Until the thread's
 * history has loaded, only a loading text shows.
 */
export default function ChatPanel({
  conversationDomain,
  conversationData,
  language,
  size = DEFAULT_CHAT_SIZE,
  onReply,
  onReadyChange,
  onPhaseChange,
  disabled = false,
  reloadKey,
  voiceInput = true,
  clearable = true,
  ref,
}: ChatPanelProps) {
  const { t } = useTranslation(ASSISTANT_NS);
  // Without a transcription provider every recording would end in an error: offer typing only.
  const { transcriptionAvailable } = usePublicConfig();
  const chat = useAssistantChat({ conversationDomain, conversationData, language, onReply, reloadKey });
  const [draft, setDraft] = useState('');
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [clearFailed, setClearFailed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const recorder = useAudioRecorder({
    language,
    onTranscription: (text) => setDraft((current) => appendTranscription(current, text)),
  });

  const ready = chat.historyLoaded && !chat.loading && !clearing && !disabled;
  const canSend = ready && draft.trim().length > 0;

  const reportReady = useEffectEvent((value: boolean) => onReadyChange?.(value));
  useEffect(() => reportReady(ready), [ready]);

  const reportPhase = useEffectEvent((phase: string) => onPhaseChange?.(phase));
  useEffect(() => {
    if (chat.currentPhase) reportPhase(chat.currentPhase);
  }, [chat.currentPhase]);

  // Keep the newest message in view, inside the list only (the page itself does not jump).
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.messages, chat.loading, chat.historyLoaded]);

  useImperativeHandle(
    ref,
    () => ({
      send: (message: string) => (ready ? chat.send(message) : Promise.resolve(false)),
      focus: () => input.current?.focus(),
    }),
    [chat, ready],
  );

  const submit = async () => {
    if (!canSend) return;
    const text = draft;
    setDraft('');
    // Earlier notices (a failed recording or clear) no longer apply once the person goes on.
    recorder.clearError();
    setClearFailed(false);
    const sent = await chat.send(text);
    // A failed send gives the typed text back, unless the person has started a new one.
    if (!sent) setDraft((current) => (current ? current : text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const confirmClear = async () => {
    setConfirmingClear(false);
    setClearFailed(false);
    setClearing(true);
    const cleared = await chat.clear();
    setClearing(false);
    if (!cleared) setClearFailed(true);
  };

  if (!chat.historyLoaded) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography role="status" color="text.secondary">
          {t('loading')}
        </Typography>
      </Paper>
    );
  }

  const notice = recorder.error?.message ?? (clearFailed ? t('errors.clear') : null);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={titleId} component="h2" variant="h6">
          {t('title')}
        </Typography>
        {clearable && (
          <Tooltip title={t('actions.clear')} describeChild>
            <span>
              <IconButton
                aria-label={t('actions.clear')}
                onClick={() => setConfirmingClear(true)}
                disabled={!ready || chat.messages.length === 0}
                size="small"
              >
                <DeleteSweepOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>

      <Box
        ref={list}
        role="log"
        aria-live="polite"
        aria-label={t('log')}
        // Focusable so the list can be scrolled with the keyboard.
        tabIndex={0}
        data-testid="chat-messages"
        style={{ height: CHAT_HEIGHTS[size] }}
        sx={{
          overflowY: 'auto',
          // The screen-reader-only speaker names are absolutely positioned: held in here (and
          // clipped by the scrolling), they cannot stretch the page below the footer.
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          p: 1,
          borderRadius: 1,
          bgcolor: 'background.default',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        {chat.messages.length === 0 && !chat.loading && (
          <Typography variant="body2" color="text.secondary" sx={{ m: 'auto', textAlign: 'center', px: 2 }}>
            {t('empty')}
          </Typography>
        )}
        {chat.messages.map((message, index) => (
          <MessageBubble key={`${index}-${message.timestamp ?? ''}`} message={message} />
        ))}
        {chat.loading && !chat.streaming && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', px: 1 }} data-testid="chat-thinking">
            <CircularProgress size={14} color="inherit" aria-hidden="true" />
            <Typography variant="body2">{t('thinking')}</Typography>
          </Stack>
        )}
      </Box>

      {chat.messages.some((message) => message.risk === 'crisis') && <CrisisHelpCard />}

      {chat.suggestions.length > 0 && (
        <Box component="ul" aria-label={t('suggestions.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {chat.suggestions.map((suggestion) => (
            <li key={suggestion}>
              <Chip
                label={suggestion}
                variant="outlined"
                color="primary"
                onClick={() => void chat.send(suggestion)}
                disabled={!ready}
                sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
              />
            </li>
          ))}
        </Box>
      )}

      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <TextField
          inputRef={input}
          value={draft}
          onChange={(event) => setDraft(event.target.value.slice(0, ASSISTANT_LIMITS.messageMax))}
          onKeyDown={onKeyDown}
          placeholder={t('input.placeholder')}
          disabled={disabled}
          multiline
          minRows={1}
          maxRows={6}
          fullWidth
          size="small"
          helperText={draft.length >= COUNTER_FROM ? t('input.count', { count: draft.length, max: ASSISTANT_LIMITS.messageMax }) : undefined}
          slotProps={{
            htmlInput: { maxLength: ASSISTANT_LIMITS.messageMax, 'aria-label': t('input.label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="abbr"
                    title={t(`input.languageName.${language}`)}
                    data-testid="chat-language"
                    sx={{ typography: 'caption', fontWeight: 700, color: 'text.secondary', textDecoration: 'none', cursor: 'help' }}
                  >
                    {LANGUAGE_CODES[language]}
                  </Box>
                </InputAdornment>
              ),
            },
          }}
        />
        {voiceInput && transcriptionAvailable && <VoiceInputButton recorder={recorder} disabled={disabled} />}
        {chat.loading ? (
          // While Clari writes, the send button becomes a stop button.
          <Tooltip title={t('actions.stop')} describeChild>
            <IconButton aria-label={t('actions.stop')} color="primary" onClick={chat.stop} data-testid="chat-stop">
              <StopCircleOutlined />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={t('actions.send')} describeChild>
            <span>
              <IconButton aria-label={t('actions.send')} color="primary" onClick={() => void submit()} disabled={!canSend}>
                <SendIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>

      {recorder.nearLimit && recorder.status === 'recording' && (
        <Typography role="status" variant="body2" color="warning.dark">
          {t('audio.warning')}
        </Typography>
      )}
      {notice && (
        <Typography role="alert" variant="body2" color="error.dark" data-testid="chat-notice">
          {notice}
        </Typography>
      )}

      <Dialog open={confirmingClear} onClose={() => setConfirmingClear(false)} aria-labelledby={`${titleId}-clear`}>
        <DialogTitle id={`${titleId}-clear`}>{t('clearDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('clearDialog.message')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingClear(false)} autoFocus>
            {t('clearDialog.cancel')}
          </Button>
          <Button onClick={() => void confirmClear()} color="error" variant="contained">
            {t('clearDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function MessageBubble({ message }: { message: DisplayMessage }) {
  const { t } = useTranslation(ASSISTANT_NS);
  const fromUser = message.role === 'user';
  return (
    <Box
      data-testid={message.error ? 'chat-error' : `chat-message-${message.role}`}
      data-streaming={message.streaming ? 'true' : undefined}
      aria-busy={message.streaming ? true : undefined}
      sx={(theme) => ({
        alignSelf: fromUser ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        ...(fromUser
          ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderBottomRightRadius: 4 }
          : message.error
            ? { bgcolor: alpha(theme.palette.error.main, 0.08), color: 'error.dark', borderBottomLeftRadius: 4 }
            : { bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider', borderBottomLeftRadius: 4 }),
      })}
    >
      <Box component="span" sx={visuallyHidden}>
        {`${t(`speakers.${message.role}`)}: `}
      </Box>
      {message.error ? (
        <Typography variant="body2">{t('errors.chat')}</Typography>
      ) : fromUser ? (
        // The person's own words are shown as typed, not interpreted as markdown.
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Typography>
      ) : (
        <>
          <ChatMarkdown text={message.content} />
          {message.stopped && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {t('stopped')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
