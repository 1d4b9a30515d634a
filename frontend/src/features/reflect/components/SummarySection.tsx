import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Reflection } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';
import type { ItemAutosave } from '../../../components/drafts/useEditorDrafts';
import type { ReflectionEdit } from '../logic/edit-forms';
import type { SectionState } from '../logic/summary-flag';
import { SUMMARY_COLORS } from './card-styles';
import { SectionNotice } from './SectionNotice';
import { SummaryCard } from './SummaryCard';

interface SummarySectionProps {
  reflection: Reflection | null;
  state: SectionState;
  /** The summary form's autosave (and this device's draft of it). */
  autosave: ItemAutosave<ReflectionEdit> | undefined;
}

/** The reflection's summary: its card, or what is happening instead (part 2 §2). */
export function SummarySection({ reflection, state, autosave }: SummarySectionProps) {
  const { t } = useReflectLabels();
  return (
    <Box component="section" aria-labelledby="summary-heading" data-testid="summary-section">
      <Typography id="summary-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        {t('summary.heading')}
      </Typography>
      {state === 'content' && reflection && autosave ? (
        <SummaryCard reflection={reflection} autosave={autosave} />
      ) : (
        <SectionNotice processing={state === 'processing'} color={SUMMARY_COLORS.border} testId="summary-state">
          {state === 'processing' ? t('processing') : t('summary.empty')}
        </SectionNotice>
      )}
    </Box>
  );
}
