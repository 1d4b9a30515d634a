import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import type { Takeaway } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';
import type { SectionState } from '../logic/summary-flag';
import { TAKEAWAY_COLORS } from './card-styles';
import { SectionNotice } from './SectionNotice';
import { TakeawayCard } from './TakeawayCard';

interface TakeawaysSectionProps {
  takeaways: readonly Takeaway[];
  state: SectionState;
  /** The heading takes the keyboard focus when the focused takeaway has been deleted. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The id of the takeaway being edited (one at a time), if any. */
  editing: string | null;
  onEdit(takeaway: Takeaway): void;
  onCancel(): void;
  /** Saves; resolves false when it failed (the editor then stays open). */
  onSave(takeaway: Takeaway, input: { title: string; content: string }): Promise<boolean>;
  onDelete(takeaway: Takeaway): void;
}

/** The reflection's takeaways as cards, or what is happening instead (part 2 §2). */
export function TakeawaysSection({
  takeaways,
  state,
  headingRef,
  editing,
  onEdit,
  onCancel,
  onSave,
  onDelete,
}: TakeawaysSectionProps) {
  const { t } = useReflectLabels();
  return (
    <Box component="section" aria-labelledby="takeaways-heading" data-testid="takeaways-section">
      <Typography
        id="takeaways-heading"
        ref={headingRef}
        tabIndex={-1}
        variant="h2"
        sx={{ fontSize: '1.5rem', mb: 1.5 }}
      >
        {t('takeaways.heading')}
      </Typography>
      {state === 'content' ? (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {takeaways.map((takeaway) => (
            <TakeawayCard
              key={takeaway.id}
              takeaway={takeaway}
              editing={editing === takeaway.id}
              locked={editing !== null && editing !== takeaway.id}
              onEdit={() => onEdit(takeaway)}
              onCancel={onCancel}
              onSave={(input) => onSave(takeaway, input)}
              onDelete={() => onDelete(takeaway)}
            />
          ))}
        </Stack>
      ) : (
        <SectionNotice processing={state === 'processing'} color={TAKEAWAY_COLORS.border} testId="takeaways-state">
          {state === 'processing' ? t('processing') : t('takeaways.empty')}
        </SectionNotice>
      )}
    </Box>
  );
}
