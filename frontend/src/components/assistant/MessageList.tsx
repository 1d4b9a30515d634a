import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_HEIGHTS, type ChatSize } from '@clari/contracts';
import { ASSISTANT_NS } from './assistant-i18n';
import type { DisplayMessage } from './conversation-store';
import { MessageBubble } from './MessageBubble';

interface MessageListProps {
  messages: readonly DisplayMessage[];
  /** A reply is on its way. */
  loading: boolean;
  /** The reply's first words have arrived (then its bubble shows instead of 'Thinking...'). */
  streaming: boolean;
  size: ChatSize;
}

/** The conversation as a polite live log of a fixed height, kept scrolled to the newest message. */
export function MessageList({ messages, loading, streaming, size }: MessageListProps) {
  const { t } = useTranslation(ASSISTANT_NS);
  const list = useRef<HTMLDivElement>(null);

  // Keep the newest message in view, inside the list only (the page itself does not jump).
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, loading]);

  return (
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
      {messages.length === 0 && !loading && (
        <Typography variant="body2" color="text.secondary" sx={{ m: 'auto', textAlign: 'center', px: 2 }}>
          {t('empty')}
        </Typography>
      )}
      {messages.map((message, index) => (
        <MessageBubble key={`${index}-${message.timestamp ?? ''}`} message={message} />
      ))}
      {loading && !streaming && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', color: 'text.secondary', px: 1 }}
          data-testid="chat-thinking"
        >
          <CircularProgress size={14} color="inherit" aria-hidden="true" />
          <Typography variant="body2">{t('thinking')}</Typography>
        </Stack>
      )}
    </Box>
  );
}
