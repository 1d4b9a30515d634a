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
import { REFLECT_LIMITS, type Takeaway } from '@clari/contracts';
import { ChatMarkdown } from '../../../components/assistant/ChatMarkdown';
import { DraftOffer } from '../../../components/drafts/DraftOffer';
import type { ItemAutosave } from '../../../components/drafts/useEditorDrafts';
import { sameJson } from '../../../lib/drafts/draft-store';
import { takeawayTextOf, type TakeawayText } from '../hooks/useReflectDrafts';
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
  /** Closes the editor (saved, or cancelled). */
  onClose(): void;
  /** Saves the editor on its own as it changes; keeps it on this device until the server has it. */
  autosave: ItemAutosave<TakeawayText>;
  onDelete(): void;
}

/**
 * A purple takeaway card (part 2 §2): title and markdown, an edit/save toggle with inline inputs,
 * and delete. What is typed is saved on its own after a pause (the toggle saves at once and
 * closes; Cancel puts back the text the editor opened with), and kept on this device meanwhile.
 */
export function TakeawayCard({ takeaway, editing, locked, onEdit, onClose, autosave, onDelete }: TakeawayCardProps) {
  const { t, message } = useReflectLabels();
  const [draft, setDraft] = useState<TakeawayText>(takeawayTextOf(takeaway));
  /** The text when the editor opened: what Cancel puts back. */
  const [openedWith, setOpenedWith] = useState<TakeawayText>(takeawayTextOf(takeaway));
  const [errors, setErrors] = useState<TakeawayErrors>({});
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Leaving the editor (saved or cancelled) puts the keyboard focus back on the edit toggle.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // A draft of this device taken back after a reload opens the editor with it (it is being saved).
  const { restored, takeRestored } = autosave;
  const [takenFrom, setTakenFrom] = useState<TakeawayText | undefined>(undefined);
  if (restored && restored !== takenFrom) {
    setTakenFrom(restored);
    setOpenedWith(takeawayTextOf(takeaway));
    setDraft(restored);
    setErrors({});
  }
  useEffect(() => {
    if (!restored) return;
    takeRestored();
    onEdit();
  }, [restored, takeRestored, onEdit]);

  const cancel = () => {
    if (!sameJson(draft, openedWith)) autosave.revert(openedWith, sameJson(openedWith, takeawayTextOf(takeaway)));
    onClose();
  };

  const toggle = async () => {
    if (!editing) {
      setOpenedWith(takeawayTextOf(takeaway));
      setDraft(takeawayTextOf(takeaway));
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
    autosave.change(draft);
    const saved = await autosave.saveNow();
    setSaving(false);
    if (saved) onClose();
  };

  const change = (field: 'title' | 'content') => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors((current) => ({ ...current, [field]: undefined }));
    autosave.change(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
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
        {autosave.offer && !editing && (
          <DraftOffer
            keptAt={autosave.offer.keptAt}
            onRestore={() => autosave.settleOffer(true)}
            onDiscard={() => autosave.settleOffer(false)}
            testId="takeaway-draft-offer"
          />
        )}
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
                  onClick={cancel}
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
