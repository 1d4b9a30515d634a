import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DRAFTS_NS } from './drafts-i18n';

/**
 * Text this device kept that the server does not have, while the server's copy changed since
 * (another device, or Clari): the person chooses. Said politely, with two plain buttons.
 */
export function DraftOffer({
  keptAt,
  onRestore,
  onDiscard,
  testId = 'draft-offer',
}: {
  keptAt: number;
  onRestore(): void;
  onDiscard(): void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation(DRAFTS_NS);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(keptAt);
  return (
    <Alert
      severity="info"
      icon={<RestoreOutlined fontSize="inherit" />}
      role="status"
      aria-live="polite"
      data-testid={testId}
    >
      {t('offer.text', { when })}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onRestore}>
          {t('offer.restore')}
        </Button>
        <Button size="small" color="inherit" onClick={onDiscard}>
          {t('offer.discard')}
        </Button>
      </Stack>
    </Alert>
  );
}
