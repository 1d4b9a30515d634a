import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_NS } from './assistant-i18n';

/** Asks before the thread is deleted; Cancel has the focus. */
export function ClearConversationDialog({
  open,
  titleId,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  titleId: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation(ASSISTANT_NS);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('clearDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('clearDialog.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('clearDialog.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {t('clearDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
