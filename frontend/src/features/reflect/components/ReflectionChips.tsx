import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { LifeAreaId } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';

/** Life areas (translated) and #tags of a reflection, as two labelled lists of chips. */
export function ReflectionChips({
  lifeAreas,
  tags,
  color = 'primary',
}: {
  lifeAreas: readonly LifeAreaId[];
  tags: readonly string[];
  color?: 'primary' | 'success';
}) {
  const { t, areaName } = useReflectLabels();
  if (lifeAreas.length === 0 && tags.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      {lifeAreas.length > 0 && (
        <Stack
          component="ul"
          aria-label={t('summary.lifeAreas')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
          data-testid="life-area-chips"
        >
          {lifeAreas.map((area) => (
            <li key={area}>
              <Chip size="small" color={color} label={areaName(area)} />
            </li>
          ))}
        </Stack>
      )}
      {tags.length > 0 && (
        <Stack
          component="ul"
          aria-label={t('summary.tags')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
          data-testid="tag-chips"
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip size="small" variant="outlined" label={`#${tag}`} sx={{ bgcolor: 'background.paper' }} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
