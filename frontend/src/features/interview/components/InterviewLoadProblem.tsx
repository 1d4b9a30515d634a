import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INTERVIEW_NS } from '../interview-i18n';
import { InterviewLanguageToggle } from './InterviewLanguageToggle';

/** An interview that does not exist, or could not be loaded; the language can still be switched. */
export function InterviewLoadProblem({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation(INTERVIEW_NS);
  return (
    <Container maxWidth="sm">
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <InterviewLanguageToggle />
        </Box>
        <Typography variant="h1">{notFound ? t('notFound') : t('loadFailed')}</Typography>
        {notFound && <Typography color="text.secondary">{t('notFoundText')}</Typography>}
      </Stack>
    </Container>
  );
}
