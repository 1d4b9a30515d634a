import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useReflectLabels } from '../hooks/useReflectLabels';

type LimitedFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText'> & {
  value: string;
  onValueChange(value: string): void;
  /** Characters allowed; the counter turns red beyond. Without it, no counter. */
  max?: number;
  /** The reason a save was refused, shown under the field. */
  error?: string;
  /** A hint shown when there is no error. */
  hint?: string;
  /** Show the counter only from this many characters on (default: always). */
  counterFrom?: number;
};

/**
 * A text field with a count/max counter and the reason a save was refused (REFLECT_LIMITS).
 * Typing past the limit is allowed, so a pasted text is not cut silently; saving is refused.
 */
export function LimitedField({ value, onValueChange, max, error, hint, counterFrom = 0, ...props }: LimitedFieldProps) {
  const { t } = useReflectLabels();
  const over = max !== undefined && value.length > max;
  const message = error ?? hint;
  const showCounter = max !== undefined && (over || value.length >= counterFrom);
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={over || !!error}
      fullWidth
      helperText={
        message || showCounter ? (
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{message}</span>
            {showCounter && (
              <Box component="span" data-testid="counter" sx={{ fontWeight: over ? 700 : 400, whiteSpace: 'nowrap' }}>
                {t('counter', { count: value.length, max })}
              </Box>
            )}
          </Box>
        ) : undefined
      }
    />
  );
}
