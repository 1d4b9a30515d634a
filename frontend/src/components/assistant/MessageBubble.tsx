import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_NS } from './assistant-i18n';
import type { DisplayMessage } from './conversation-store';
import { ChatMarkdown } from './ChatMarkdown';
import { visuallyHidden } from './visually-hidden';

/** One message: the person's words as typed, Clari's as markdown, a failed send as a notice. */
export function MessageBubble({ message }: { message: DisplayMessage }) {
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
            : {
                bgcolor: 'background.paper',
                color: 'text.primary',
                border: 1,
                borderColor: 'divider',
                borderBottomLeftRadius: 4,
              }),
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
