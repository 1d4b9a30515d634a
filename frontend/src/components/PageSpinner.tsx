import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useHoldPageLoading } from './page-loading';

export function PageSpinner() {
  const { t } = useTranslation();
  // Before paint, so that the footer is never painted under the spinner.
  useHoldPageLoading();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
