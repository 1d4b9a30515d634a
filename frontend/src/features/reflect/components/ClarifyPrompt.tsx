import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useReflectLabels } from '../hooks/useReflectLabels';

/** The Clarify button with its hint: asks Clari for the summary and takeaways (part 2 §2). */
export function ClarifyPrompt({ disabled, onClarify }: { disabled: boolean; onClarify(): void }) {
  const { t } = useReflectLabels();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        alignItems: { sm: 'center' },
        justifyContent: 'space-between',
      }}
    >
      <Typography color="text.secondary" id="clarify-hint">
        {t('screen.clarifyHint')}
      </Typography>
      <Button
        variant="contained"
        size="large"
        startIcon={<AutoAwesomeOutlined />}
        disabled={disabled}
        onClick={onClarify}
        aria-describedby="clarify-hint"
        sx={{ flexShrink: 0 }}
      >
        {t('screen.clarify')}
      </Button>
    </Paper>
  );
}
