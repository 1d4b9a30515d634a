import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@clari/contracts/timing';

export type ToastType = 'success' | 'error' | 'info';

interface ToastViewProps {
  type: ToastType;
  message: string;
  onClose: (event?: unknown, reason?: string) => void;
}

/**
 * One toast at the top centre that closes itself after 3000 ms (part 1 §2, §9). Built from the
 * parts the app's first load already has (no Snackbar or Alert): it is in the first load, so a
 * failed save can always be told, even when no chunk can be fetched.
 */
export default function ToastView({ type, message, onClose }: ToastViewProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => onClose(undefined, 'timeout'), TIMING.toastDurationMs);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <Box
      role={type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      sx={(theme) => ({
        position: 'fixed',
        top: theme.spacing(3),
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: theme.zIndex.snackbar,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        maxWidth: `calc(100vw - ${theme.spacing(4)})`,
        pl: 2,
        pr: 0.5,
        py: 0.5,
        borderRadius: 1,
        boxShadow: theme.shadows[6],
        bgcolor: theme.palette[type].main,
        color: theme.palette[type].contrastText,
      })}
    >
      <Box component="span" sx={{ py: 1, typography: 'body2', fontWeight: 500 }}>
        {message}
      </Box>
      <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={() => onClose()}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
