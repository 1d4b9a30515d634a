import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLabels } from '../hooks/useLabels';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';

/** Shows whether the autosave has everything: saved, saving, waiting, or failing (and retrying). */
export function SaveStatus() {
  const { t } = useLabels();
  const { saveState } = useValueExplorer();
  const [Icon, text, color] =
    saveState === 'saved'
      ? [CloudDoneOutlined, t('errors.saved'), 'text.secondary']
      : saveState === 'error'
        ? [CloudOffOutlined, t('errors.save'), 'error.main']
        : saveState === 'saving'
          ? [CloudUploadOutlined, t('errors.saving'), 'text.secondary']
          : [CloudUploadOutlined, t('errors.unsaved'), 'text.secondary'];
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="status"
      data-testid="save-status"
      data-state={saveState}
      sx={{ alignItems: 'center', color }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ color: 'inherit' }}>
        {text}
      </Typography>
    </Stack>
  );
}
