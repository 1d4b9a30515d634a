import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useLabels } from '../hooks/useLabels';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';

/** The data could not be loaded: say so and offer to try again (nothing can be changed meanwhile). */
export function LoadFailed() {
  const { t } = useLabels();
  const { reload } = useValueExplorer();
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography role="alert" sx={{ mb: 2 }}>
        {t('errors.load')}
      </Typography>
      <Button variant="contained" onClick={reload}>
        {t('errors.retry')}
      </Button>
    </Container>
  );
}
