import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMING } from '@clari/contracts/timing';

export type ToastType = 'success' | 'error' | 'info';

interface ToastViewProps {
  type: ToastType;
  message: string;
  onClose: (event?: unknown, reason?: string) => void;
}

/** One toast at the top centre that closes itself after 3000 ms (part 1 §2, §9). */
export default function ToastView({ type, message, onClose }: ToastViewProps) {
  return (
    <Snackbar
      open
      autoHideDuration={TIMING.toastDurationMs}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={type} variant="filled" sx={{ width: '100%' }} data-testid="toast">
        {message}
      </Alert>
    </Snackbar>
  );
}
