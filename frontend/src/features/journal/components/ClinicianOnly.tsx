import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config';
import { JOURNAL_NS } from '../journal-i18n';

/** Non-clinicians: the clinician-only message and a way to ask for access (part 2 §2, §6). */
export function ClinicianOnly() {
  const { t } = useTranslation(JOURNAL_NS);
  const { contactEmail } = usePublicConfig();
  return (
    <Container maxWidth="sm">
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }} data-testid="journal-clinician-only">
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LockOutlined color="action" aria-hidden />
            <Typography variant="h1" sx={{ fontSize: '2rem' }}>
              {t('title')}
            </Typography>
          </Stack>
          <Typography sx={{ fontWeight: 600 }}>{t('clinicianOnly.message')}</Typography>
          <Typography color="text.secondary">{t('clinicianOnly.details')}</Typography>
          <Box>
            <Button
              variant="contained"
              href={`mailto:${contactEmail}?subject=${encodeURIComponent(t('clinicianOnly.mailSubject'))}`}
            >
              {t('clinicianOnly.contact')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Container>
  );
}
