import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { InterviewInfo } from '@clari/contracts';
import { paths } from '../../../config/paths';
import { INTERVIEW_NS } from '../interview-i18n';

/** The interview's terms (with its retention days), a link to the privacy policy, and Back. */
export function WelcomeTerms({
  info,
  headingRef,
  onBack,
}: {
  info: InterviewInfo;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack(): void;
}) {
  const { t } = useTranslation(INTERVIEW_NS);
  const items = t('terms.items', { returnObjects: true, count: info.retentionDays }) as string[];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ fontSize: '2rem', outline: 'none' }}>
          {t('terms.title')}
        </Typography>
        <Box component="ul" sx={{ pl: 3, m: 0, display: 'grid', gap: 1 }}>
          {items.map((item) => (
            <Typography component="li" key={item}>
              {item}
            </Typography>
          ))}
        </Box>
        <Link component={RouterLink} to={paths.privacy}>
          {t('terms.privacyLink')}
        </Link>
        <Box>
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={onBack}>
            {t('terms.back')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
