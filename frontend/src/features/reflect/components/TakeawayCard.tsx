import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { REFLECT_LIMITS, type Takeaway, type TakeawayInput } from '@clari/contracts';
import { ChatMarkdown } from '../../../components/assistant/ChatMarkdown';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { isValid, validateTakeaway, type TakeawayErrors } from '../logic/edit-forms';
import { FIELD_SX, TAKEAWAY_COLORS } from './card-styles';
import { LimitedField } from './LimitedField';

interface TakeawayCardProps {
  takeaway: Takeaway;
  /** This takeaway is the one being edited (one at a time). */
  editing: boolean;
  /** Another takeaway is being edited: this one's edit button waits. */
  locked: boolean;
  onEdit(): void;
  onCancel(): void;
  /** Saves; resolves false when it failed (the editor then stays open). */
  onSave(input: { title: string; content: string }): Promise<boolean>;
  onDelete(): void;
}

/** A purple takeaway card (part 2 §2): title and markdown, an edit/save toggle with inline inputs, and delete. */
export function TakeawayCard({ takeaway, editing, locked, onEdit, onCancel, onSave, onDelete }: TakeawayCardProps) {
  const { t, message } = useReflectLabels();
  const [draft, setDraft] = useState<Required<TakeawayInput>>({ title: takeaway.title, content: takeaway.content });
  const [errors, setErrors] = useState<TakeawayErrors>({});
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Leaving the editor (saved or cancelled) puts the keyboard focus back on the edit toggle.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const toggle = async () => {
    if (!editing) {
      setDraft({ title: takeaway.title, content: takeaway.content });
      setErrors({});
      onEdit();
      return;
    }
    if (saving) return;
    const found = validateTakeaway(draft);
    if (!isValid(found)) {
      setErrors(found);
      return;
    }
    setSaving(true);
    await onSave(draft);
    setSaving(false);
  };

  const change = (field: 'title' | 'content') => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  const editLabel = editing ? t('takeaways.save') : t('takeaways.edit', { title: takeaway.title });
  const deleteLabel = t('takeaways.delete', { title: takeaway.title });

  return (
    <Card
      component="li"
      data-testid="takeaway-card"
      sx={{ bgcolor: TAKEAWAY_COLORS.bg, borderColor: TAKEAWAY_COLORS.border, borderWidth: 2, height: '100%' }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {editing ? (
              <Stack spacing={1.5} onKeyDown={onKeyDown}>
                <LimitedField
                  label={t('takeaways.titleLabel')}
                  value={draft.title}
                  onValueChange={change('title')}
                  max={REFLECT_LIMITS.takeawayTitleMax}
                  counterFrom={REFLECT_LIMITS.takeawayTitleMax - 50}
                  error={message(errors.title)}
                  size="small"
                  autoFocus
                  sx={FIELD_SX}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void toggle();
                    }
                  }}
                />
                <LimitedField
                  label={t('takeaways.contentLabel')}
                  value={draft.content}
                  onValueChange={change('content')}
                  max={REFLECT_LIMITS.takeawayContentMax}
                  error={message(errors.content)}
                  multiline
                  minRows={3}
                  maxRows={12}
                  size="small"
                  sx={FIELD_SX}
                />
              </Stack>
            ) : (
              <>
                <Typography
                  variant="h3"
                  component="h3"
                  sx={{ fontSize: '1.1rem', color: TAKEAWAY_COLORS.text, overflowWrap: 'anywhere', pt: 0.75, mb: 1 }}
                >
                  {takeaway.title}
                </Typography>
                {takeaway.content && <ChatMarkdown text={takeaway.content} />}
              </>
            )}
          </Box>
          <Stack spacing={0.5}>
            <Tooltip title={editLabel}>
              <span>
                <IconButton
                  ref={editButton}
                  aria-label={editLabel}
                  onClick={() => void toggle()}
                  disabled={(locked && !editing) || saving}
                  sx={{ color: TAKEAWAY_COLORS.text }}
                >
                  {editing ? <CheckOutlined /> : <EditOutlined />}
                </IconButton>
              </span>
            </Tooltip>
            {editing ? (
              <Tooltip title={t('takeaways.cancel')}>
                <IconButton
                  aria-label={t('takeaways.cancel')}
                  onClick={onCancel}
                  disabled={saving}
                  sx={{ color: TAKEAWAY_COLORS.text }}
                >
                  <CloseOutlined />
                </IconButton>
              </Tooltip>
            ) : (
              <Tooltip title={deleteLabel}>
                <span>
                  <IconButton
                    aria-label={deleteLabel}
                    onClick={onDelete}
                    disabled={locked}
                    sx={{ color: TAKEAWAY_COLORS.text }}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
