import ArrowBack from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { UPLOAD_LIMITS } from '@clari/contracts';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { errorText } from '../../components/auth/account-i18n';
import { usePortrait, useUploadPortrait } from './api/profile-queries';

type Status = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; text: string };

/** The portrait in a circle (or an empty one), a picker and an upload button (part 2 "Portrait page"). */
export default function PortraitPage() {
  const { t } = useTranslation('account');
  const portrait = usePortrait();
  const upload = useUploadPortrait();
  const url = portrait.data?.url ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  // The chosen picture is shown in the circle before it is uploaded.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // Part 2 §8: a portrait that cannot be loaded is logged, and the status line says so until the person goes on.
  const loadFailed = portrait.isError;
  useEffect(() => {
    if (portrait.error) console.error('Failed to load portrait', portrait.error);
  }, [portrait.error]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !chosen.type.startsWith('image/')) {
      window.alert(t('portrait.invalidType'));
      event.target.value = '';
      setFile(null);
      return;
    }
    if (chosen && chosen.size > UPLOAD_LIMITS.portraitBytes) {
      setStatus({ kind: 'error', text: t('portrait.tooLarge') });
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
    setStatus({ kind: 'idle' });
  };

  const send = async () => {
    if (!file) {
      window.alert(t('portrait.noFile'));
      return;
    }
    setStatus({ kind: 'idle' });
    try {
      const result = await upload.mutateAsync(file);
      if (!result.url) throw new Error('No URL in response');
      setFile(null);
      if (input.current) input.current.value = '';
      // The top bar shows the new portrait: the upload stored it in the cache both read.
      setStatus({ kind: 'success' });
    } catch (error) {
      setStatus({
        kind: 'error',
        text: error instanceof ApiError ? errorText(t, error, t('portrait.uploadError')) : t('portrait.uploadError'),
      });
    }
  };
  const uploading = upload.isPending;
  const shown: Status =
    status.kind === 'idle' && loadFailed && !file && !uploading
      ? { kind: 'error', text: t('portrait.uploadError') }
      : status;

  return (
    <AccountLayout title={t('portrait.title')}>
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <Button component={RouterLink} to={paths.profile} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
          {t('portrait.back')}
        </Button>
        <Avatar
          src={preview ?? url ?? undefined}
          alt={preview ? t('portrait.preview') : url ? t('portrait.current') : t('portrait.none')}
          data-testid="portrait-circle"
          sx={{ width: 160, height: 160, bgcolor: 'grey.200', border: 1, borderColor: 'divider' }}
        >
          {' '}
        </Avatar>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('portrait.hint')}
        </Typography>
        <Button variant="outlined" component="label">
          {t('portrait.choose')}
          <input ref={input} hidden type="file" accept="image/*" onChange={choose} data-testid="portrait-input" />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ textAlign: 'center' }} data-testid="portrait-preview-note">
            {t('portrait.chosen', { name: file.name })} {t('portrait.previewNote')}
          </Typography>
        )}
        <Button variant="contained" onClick={() => void send()} disabled={!file || uploading}>
          {uploading ? t('portrait.uploading') : t('portrait.upload')}
        </Button>
        <Typography
          role="status"
          data-testid="portrait-status"
          color={shown.kind === 'error' ? 'error' : 'success.main'}
          sx={{ minHeight: 24 }}
        >
          {shown.kind === 'success' ? t('portrait.success') : shown.kind === 'error' ? shown.text : ''}
        </Typography>
      </Stack>
    </AccountLayout>
  );
}
