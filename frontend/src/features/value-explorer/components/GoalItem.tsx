import CheckOutlined from '@mui/icons-material/CheckOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { useLabels } from '../hooks/useLabels';

interface GoalItemProps {
  text: string;
  max: number;
  /** Saves the edited text; returns an error text when it was refused. */
  onSave(text: string): string | null;
  onRemove(): void;
}

/**
 * One goal with its edit/save toggle (part 1 §2): the editor shows count/max, red outside
 * 1–max; Enter without Shift commits; a refused save keeps the editor open with the reason.
 */
export function GoalItem({ text, max, onSave, onRemove }: GoalItemProps) {
  const { t } = useLabels();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const counterId = useId();
  const outside = draft.trim().length === 0 || draft.length > max;

  const toggle = () => {
    if (!editing) {
      setDraft(text);
      setError(null);
      setEditing(true);
      return;
    }
    const refused = onSave(draft);
    if (refused) setError(refused);
    else setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      toggle();
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="goal-item">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {editing ? (
          <>
            <TextField
              label={t('edit.goalLabel')}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
              multiline
              minRows={2}
              fullWidth
              autoFocus
              error={outside || !!error}
              helperText={error ?? undefined}
              slotProps={{ htmlInput: { 'aria-describedby': counterId } }}
            />
            <Typography
              id={counterId}
              variant="caption"
              data-testid="goal-counter"
              data-outside={outside}
              sx={{ color: outside ? 'error.main' : 'text.secondary', fontWeight: outside ? 700 : 400 }}
            >
              {draft.length}/{max}
            </Typography>
          </>
        ) : (
          <Typography sx={{ py: 0.75, overflowWrap: 'anywhere' }}>{text}</Typography>
        )}
      </Box>
      <Tooltip title={editing ? t('edit.saveGoal') : t('edit.editGoal')}>
        <IconButton onClick={toggle} aria-label={editing ? t('edit.saveGoal') : t('edit.editGoal')}>
          {editing ? <CheckOutlined /> : <EditOutlined />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('edit.removeGoal')}>
        <IconButton onClick={onRemove} aria-label={t('edit.removeGoal')}>
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
