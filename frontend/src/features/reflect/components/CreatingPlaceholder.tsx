import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHAT_HEIGHTS } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';

/** Holds the chat's place (at the large chat's height) while a new reflection is being created. */
export function CreatingPlaceholder() {
  const { t } = useReflectLabels();
  return (
    <Paper
      variant="outlined"
      data-testid="chat-placeholder"
      sx={{ p: 2, height: CHAT_HEIGHTS.large + 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <CircularProgress aria-hidden="true" />
        <Typography>{t('screen.creating')}</Typography>
      </Stack>
    </Paper>
  );
}
