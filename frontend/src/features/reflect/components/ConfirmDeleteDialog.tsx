import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useReflectLabels } from '../hooks/useReflectLabels';

/**
 * Part 2 §5: deleting a reflection or a takeaway asks first. Cancel (or Escape) does nothing;
 * the safe choice has the focus.
 */
export function ConfirmDeleteDialog({ open, kind, onCancel, onConfirm }: { open: boolean; kind: 'reflection' | 'takeaway'; onCancel(): void; onConfirm(): void }) {
  const { t } = useReflectLabels();
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`}>
      <DialogTitle id={`${id}-title`}>{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-message`}>{t(`confirm.${kind}`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {t('confirm.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
