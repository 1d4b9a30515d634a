import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHAT_HEIGHTS, DEFAULT_CHAT_SIZE, type ChatSize } from '@clari/contracts';
import { useHoldPageLoading } from '../page-loading';

/** The panel's title row and its one-line input, as ChatPanel lays them out. */
const TITLE_ROW_HEIGHT = 32;
const COMPOSER_HEIGHT = 40;

export interface ChatPanelPlaceholderProps {
  /** The panel's size, so that its place is the panel's own. */
  size?: ChatSize;
  /** What is loading (default: "Loading…"). */
  label?: string;
  testId?: string;
}

/**
 * The chat panel's place while its code or its history loads: the same frame and height as
 * the panel (title row, message list, input), so that what follows it on the page does not
 * move when the panel comes, and the footer waits for it.
 */
export function ChatPanelPlaceholder({
  size = DEFAULT_CHAT_SIZE,
  label,
  testId = 'chat-loading',
}: ChatPanelPlaceholderProps) {
  const { t } = useTranslation();
  useHoldPageLoading();
  return (
    <Paper variant="outlined" data-testid={testId} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ height: TITLE_ROW_HEIGHT }} />
      <Stack
        role="status"
        spacing={2}
        sx={{ height: CHAT_HEIGHTS[size], alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
      >
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>{label ?? t('common.loading')}</Typography>
      </Stack>
      <Box sx={{ height: COMPOSER_HEIGHT }} />
    </Paper>
  );
}
