import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import type { Takeaway } from '@clari/contracts';
import type { ItemAutosave } from '../../../components/drafts/useEditorDrafts';
import type { TakeawayText } from '../hooks/useReflectDrafts';
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
  /** Closes the takeaway's editor. */
  onClose(): void;
  /** Each takeaway's autosave (and this device's draft of it). */
  autosave(takeaway: Takeaway): ItemAutosave<TakeawayText>;
  onDelete(takeaway: Takeaway): void;
}

/** The reflection's takeaways as cards, or what is happening instead (part 2 §2). */
export function TakeawaysSection({
  takeaways,
  state,
  headingRef,
  editing,
  onEdit,
  onClose,
  autosave,
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
              onClose={onClose}
              autosave={autosave(takeaway)}
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
