import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_NS } from './assistant-i18n';

/** Clari's suggestions as chips; a click sends the suggestion as the person's message. */
export function SuggestionChips({
  suggestions,
  disabled,
  onSend,
}: {
  suggestions: readonly string[];
  disabled: boolean;
  onSend(suggestion: string): void;
}) {
  const { t } = useTranslation(ASSISTANT_NS);
  if (suggestions.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('suggestions.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
    >
      {suggestions.map((suggestion) => (
        <li key={suggestion}>
          <Chip
            label={suggestion}
            variant="outlined"
            color="primary"
            onClick={() => onSend(suggestion)}
            disabled={disabled}
            sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
        </li>
      ))}
    </Box>
  );
}
