import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { REFLECT_LIMITS, type Reflection } from '@clari/contracts';
import { ChatMarkdown } from '../../../components/assistant/ChatMarkdown';
import { DraftOffer } from '../../../components/drafts/DraftOffer';
import type { ItemAutosave } from '../../../components/drafts/useEditorDrafts';
import { sameJson } from '../../../lib/drafts/draft-store';
import { editOf } from '../hooks/useReflectDrafts';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { isValid, validateReflectionEdit, type ReflectionEdit, type ReflectionEditErrors } from '../logic/edit-forms';
import { displayTitle } from '../logic/titles';
import { FIELD_SX, SUMMARY_COLORS } from './card-styles';
import { LimitedField } from './LimitedField';
import { ReflectionChips } from './ReflectionChips';

interface SummaryCardProps {
  reflection: Reflection;
  /** Saves the form on its own as it changes; keeps it on this device until the server has it. */
  autosave: ItemAutosave<ReflectionEdit>;
}

/**
 * The green summary card (part 2 §2): title, markdown content, life-area chips and #tags,
 * and an edit mode with title, content and comma-separated tags, Cancel and Save. What is typed
 * is saved on its own after a pause (Save saves at once and closes the form; Cancel puts back
 * the text the form opened with), and kept on this device until the server has it.
 */
export function SummaryCard({ reflection, autosave }: SummaryCardProps) {
  const { t, topicName, message } = useReflectLabels();
  const [edit, setEdit] = useState<ReflectionEdit | null>(null);
  const [errors, setErrors] = useState<ReflectionEditErrors>({});
  const [saving, setSaving] = useState(false);
  /** The fields when the form opened: what Cancel puts back. */
  const [openedWith, setOpenedWith] = useState<ReflectionEdit | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Leaving the form puts the keyboard focus back on the edit button. */
  const returnFocus = useRef(false);

  useEffect(() => {
    if (edit || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [edit]);

  // A draft of this device taken back after a reload opens the form with it (it is being saved).
  const { restored, takeRestored } = autosave;
  const [takenFrom, setTakenFrom] = useState<ReflectionEdit | undefined>(undefined);
  if (restored && restored !== takenFrom) {
    setTakenFrom(restored);
    setOpenedWith(editOf(reflection));
    setEdit(restored);
    setErrors({});
  }
  useEffect(() => {
    if (restored) takeRestored();
  }, [restored, takeRestored]);

  const startEdit = () => {
    setOpenedWith(editOf(reflection));
    setEdit(editOf(reflection));
    setErrors({});
  };
  const cancel = () => {
    if (openedWith && edit && !sameJson(edit, openedWith))
      autosave.revert(openedWith, sameJson(openedWith, editOf(reflection)));
    returnFocus.current = true;
    setEdit(null);
    setErrors({});
  };
  const change = (field: keyof ReflectionEdit) => (value: string) => {
    if (!edit) return;
    const next = { ...edit, [field]: value };
    setEdit(next);
    setErrors((current) => ({ ...current, [field]: undefined }));
    autosave.change(next);
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!edit || saving) return;
    const found = validateReflectionEdit(edit);
    if (!isValid(found)) {
      setErrors(found);
      return;
    }
    setSaving(true);
    autosave.change(edit);
    const saved = await autosave.saveNow();
    setSaving(false);
    if (saved) {
      returnFocus.current = true;
      setEdit(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <Card
      data-testid="summary-card"
      sx={{ bgcolor: SUMMARY_COLORS.bg, borderColor: SUMMARY_COLORS.border, borderWidth: 2 }}
    >
      <CardContent>
        {autosave.offer && !edit && (
          <DraftOffer
            keptAt={autosave.offer.keptAt}
            onRestore={() => autosave.settleOffer(true)}
            onDiscard={() => autosave.settleOffer(false)}
            testId="summary-draft-offer"
          />
        )}
        {edit ? (
          <Stack component="form" spacing={2} onSubmit={(event) => void save(event)} onKeyDown={onKeyDown} noValidate>
            <LimitedField
              label={t('summary.titleLabel')}
              value={edit.title}
              onValueChange={change('title')}
              max={REFLECT_LIMITS.titleMax}
              error={message(errors.title)}
              autoFocus
              sx={FIELD_SX}
            />
            <LimitedField
              label={t('summary.contentLabel')}
              value={edit.content}
              onValueChange={change('content')}
              max={REFLECT_LIMITS.contentMax}
              error={message(errors.content)}
              multiline
              minRows={8}
              maxRows={24}
              sx={FIELD_SX}
            />
            <LimitedField
              label={t('summary.tagsLabel')}
              placeholder={t('summary.tagsPlaceholder')}
              value={edit.tags}
              onValueChange={change('tags')}
              error={message(errors.tags)}
              hint={t('summary.tagsHelp')}
              sx={FIELD_SX}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={cancel} disabled={saving} sx={{ color: SUMMARY_COLORS.text }}>
                {t('summary.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color="success"
                disabled={saving}
                sx={{ bgcolor: SUMMARY_COLORS.border }}
              >
                {saving ? t('summary.saving') : t('summary.save')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Typography
                variant="h3"
                component="h3"
                data-testid="summary-title"
                sx={{ color: SUMMARY_COLORS.text, overflowWrap: 'anywhere', pt: 0.5 }}
              >
                {displayTitle(reflection, topicName)}
              </Typography>
              <Tooltip title={t('summary.edit')}>
                <IconButton
                  ref={editButton}
                  aria-label={t('summary.edit')}
                  onClick={startEdit}
                  sx={{ color: SUMMARY_COLORS.text }}
                >
                  <EditOutlined />
                </IconButton>
              </Tooltip>
            </Stack>
            <Box data-testid="summary-content" sx={{ '& > div': { typography: 'body1' } }}>
              <ChatMarkdown text={reflection.content} />
            </Box>
            <ReflectionChips lifeAreas={reflection.lifeAreas} tags={reflection.tags} color="success" />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
