import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DraftSaveState } from '../../lib/drafts/draft-savers';
import { DRAFTS_NS } from './drafts-i18n';

const LOOK = {
  saved: [CloudDoneOutlined, 'text.secondary'],
  pending: [CloudUploadOutlined, 'text.secondary'],
  saving: [CloudUploadOutlined, 'text.secondary'],
  retrying: [CloudOffOutlined, 'error.main'],
  refused: [CloudOffOutlined, 'error.main'],
} as const;

/**
 * Whether the autosave has everything: saved, waiting, saving, or not saved (retrying, or
 * refused). A polite live region: screen readers hear the change without losing their place.
 */
export function SaveStatus({
  state,
  testId = 'save-status',
  sx,
}: {
  state: DraftSaveState;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation(DRAFTS_NS);
  const [Icon, color] = LOOK[state];
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="status"
      aria-live="polite"
      data-testid={testId}
      data-state={state}
      sx={[{ alignItems: 'center', color }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ color: 'inherit' }}>
        {t(`status.${state}`)}
      </Typography>
    </Stack>
  );
}
