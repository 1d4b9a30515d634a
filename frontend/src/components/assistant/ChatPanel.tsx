import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSISTANT_LIMITS,
  DEFAULT_CHAT_SIZE,
  type ChatResponse,
  type ChatSize,
  type ConversationData,
  type Language,
} from '@clari/contracts';
import { usePublicConfig } from '../../lib/public-config';
import { ASSISTANT_NS } from './assistant-i18n';
import { ChatPanelPlaceholder } from './ChatPanelPlaceholder';
import { ClearConversationDialog } from './ClearConversationDialog';
import { CrisisHelpCard } from './CrisisHelpCard';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { SuggestionChips } from './SuggestionChips';
import { useAssistantChat } from './useAssistantChat';
import { useAudioRecorder } from './useAudioRecorder';
import { VoiceInputButton } from './VoiceInputButton';

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

/** Joins a transcription onto what is already typed, separated by a space, within the limit. */
function appendTranscription(current: string, transcription: string): string {
  const joined = current.trim() ? `${current.trimEnd()} ${transcription}` : transcription;
  return joined.slice(0, ASSISTANT_LIMITS.messageMax);
}

/**
 * The Clari chat panel (part 1 "Chat assistant panel"): title, markdown message list,
 * clear button, suggestion chips, a multi-line input showing the language code, a microphone
 * button and a send button. Enter sends, Shift+Enter breaks the line. Until the thread's
 * history has loaded, its place is held with a loading text.
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

  const confirmClear = async () => {
    setConfirmingClear(false);
    setClearFailed(false);
    setClearing(true);
    const cleared = await chat.clear();
    setClearing(false);
    if (!cleared) setClearFailed(true);
  };

  // The panel's place is held at its size meanwhile, so the page below does not move when it shows.
  if (!chat.historyLoaded) return <ChatPanelPlaceholder size={size} label={t('loading')} />;

  const notice = recorder.error?.message ?? (clearFailed ? t('errors.clear') : null);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
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

      <MessageList messages={chat.messages} loading={chat.loading} streaming={chat.streaming} size={size} />

      {chat.messages.some((message) => message.risk) && <CrisisHelpCard />}

      <SuggestionChips
        suggestions={chat.suggestions}
        disabled={!ready}
        onSend={(suggestion) => void chat.send(suggestion)}
      />

      <MessageComposer
        draft={draft}
        onDraftChange={setDraft}
        onSubmit={() => void submit()}
        onStop={chat.stop}
        language={language}
        inputRef={input}
        disabled={disabled}
        loading={chat.loading}
        canSend={canSend}
        voice={
          voiceInput && transcriptionAvailable ? (
            <VoiceInputButton recorder={recorder} disabled={disabled} />
          ) : undefined
        }
      />

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

      <ClearConversationDialog
        open={confirmingClear}
        titleId={`${titleId}-clear`}
        onCancel={() => setConfirmingClear(false)}
        onConfirm={() => void confirmClear()}
      />
    </Paper>
  );
}
