import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Reflection } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';
import type { ReflectionEdit } from '../logic/edit-forms';
import type { SectionState } from '../logic/summary-flag';
import { SUMMARY_COLORS } from './card-styles';
import { SectionNotice } from './SectionNotice';
import { SummaryCard } from './SummaryCard';

interface SummarySectionProps {
  reflection: Reflection | null;
  state: SectionState;
  /** Saves the edit; resolves false when it failed (the form then stays open). */
  onSave(edit: ReflectionEdit): Promise<boolean>;
}

/** The reflection's summary: its card, or what is happening instead (part 2 §2). */
export function SummarySection({ reflection, state, onSave }: SummarySectionProps) {
  const { t } = useReflectLabels();
  return (
    <Box component="section" aria-labelledby="summary-heading" data-testid="summary-section">
      <Typography id="summary-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        {t('summary.heading')}
      </Typography>
      {state === 'content' && reflection ? (
        <SummaryCard reflection={reflection} onSave={onSave} />
      ) : (
        <SectionNotice processing={state === 'processing'} color={SUMMARY_COLORS.border} testId="summary-state">
          {state === 'processing' ? t('processing') : t('summary.empty')}
        </SectionNotice>
      )}
    </Box>
  );
}
