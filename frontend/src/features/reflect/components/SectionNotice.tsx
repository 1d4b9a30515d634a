import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** 'Processing...', 'No summary yet' or 'No takeaways yet', in a dashed box of the section's colour. */
export function SectionNotice({
  processing,
  color,
  testId,
  children,
}: {
  processing: boolean;
  color: string;
  testId: string;
  children: string;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      data-state={processing ? 'processing' : 'empty'}
      role="status"
      sx={{
        p: 2.5,
        borderStyle: 'dashed',
        borderColor: color,
        bgcolor: 'transparent',
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        color: 'text.secondary',
      }}
    >
      {processing && <CircularProgress size={18} color="inherit" aria-hidden="true" />}
      <Typography>{children}</Typography>
    </Paper>
  );
}
