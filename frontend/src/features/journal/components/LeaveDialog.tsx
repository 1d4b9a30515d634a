import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_NS } from '../journal-i18n';

/** Asks before the page is left with a summary that was neither copied nor downloaded. Staying has the focus. */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const { t } = useTranslation(JOURNAL_NS);
  const id = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`} data-testid="journal-leave-dialog">
      <DialogTitle id={`${id}-title`}>{t('leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-message`}>{t('leave.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t('leave.stay')}
        </Button>
        <Button onClick={onLeave} color="error" variant="contained">
          {t('leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
