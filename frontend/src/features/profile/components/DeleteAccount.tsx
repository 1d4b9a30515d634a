import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { useAuth } from '../../../components/auth/AuthProvider';
import { paths } from '../../../config/paths';
import { useDeleteAccount } from '../api/profile-queries';

/** Deletes the account after a confirmation, then signs out and goes home (part 1 §2). */
export function DeleteAccount() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { signOutAndLeave } = useAuth();
  const [open, setOpen] = useState(false);
  const removal = useDeleteAccount();
  const deleting = removal.isPending;
  const deleted = removal.isSuccess;

  const confirmDelete = async () => {
    // Awaited rather than passed as mutate callbacks: the sign-out follows even if the page is left meanwhile.
    const done = await removal.mutateAsync().then(
      () => true,
      () => false,
    );
    setOpen(false);
    if (!done) {
      toast(t('profile.deleteFailed'), 'error');
      return;
    }
    toast(t('profile.deleted'), 'success');
    // part 1 §2: after 3 s the user is logged out and sent to /.
    setTimeout(() => void signOutAndLeave(paths.home), TIMING.redirectAfterDeleteMs);
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('profile.deleteText')}</Typography>
      {deleted && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {t('profile.deleted')}
        </Alert>
      )}
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} disabled={deleting || deleted}>
        {t('profile.deleteButton')}
      </Button>
      <Dialog
        open={open}
        onClose={() => !deleting && !deleted && setOpen(false)}
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
      >
        <DialogTitle id="delete-title">{t('profile.deleteConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text">{t('profile.deleteConfirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={deleting} autoFocus>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={deleting}>
            {deleting ? t('profile.deleting') : t('profile.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
