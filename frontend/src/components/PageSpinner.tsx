import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdPageLoading } from './page-loading';

export function PageSpinner() {
  const { t } = useTranslation();
  // Before paint, so that the footer is never painted under the spinner.
  useLayoutEffect(() => holdPageLoading(), []);
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
