import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { YEAR_COMPASS_LIMITS } from '@clari/contracts';
import { DraftOffer } from '../../../components/drafts/DraftOffer';
import { DRAFTS_NS } from '../../../components/drafts/drafts-i18n';
import type { DraftSaveState } from '../../../lib/drafts/draft-savers';
import type { Draft } from '../../../lib/drafts/draft-store';
import type { ImageState } from '../hooks/useSectionImages';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { isDirty, textareaRows, type LocalBox } from '../year-compass-data';
import { PlaceholderPicture } from './PlaceholderPicture';

export interface BoxCardProps {
  box: LocalBox;
  /** This box's text area is open (only one box of a section at a time). */
  editing: boolean;
  onEdit(): void;
  onChange(content: string): void;
  /** Save (button or Enter): closes the editor and saves the box. */
  onSave(): void;
  /** Cancel (button or Escape): closes the editor and restores the saved text. */
  onCancel(): void;
  image: ImageState;
  onGenerateImage(): void;
  onUploadImage(file: File): void;
  onDismissImageMessage(): void;
  /** The box's autosave: its mark says when the server does not have the text yet. */
  saveState: DraftSaveState;
  /** Text this device kept while the server's changed since: offered to take back. */
  offer?: Draft<string>;
  onSettleOffer(restore: boolean): void;
}

/**
 * One box (part 2 §2): its title and question, its content or 'No content yet', a pencil that
 * opens a text area (6 rows for large boxes, else 3; Enter without Shift saves) and, for image
 * boxes, the picture or a placeholder with 'Generate Image' and 'Upload Image'.
 */
export function BoxCard({
  box,
  editing,
  onEdit,
  onChange,
  onSave,
  onCancel,
  image,
  onGenerateImage,
  onUploadImage,
  onDismissImageMessage,
  saveState,
  offer,
  onSettleOffer,
}: BoxCardProps) {
  const { t } = useYearCompassTexts();
  const { t: tDrafts } = useTranslation(DRAFTS_NS);
  const titleId = useId();
  const hintId = useId();
  const pencil = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const text = box.content.trim();
  // Marked while the server does not have the text: waiting, saving, or failing (and retrying).
  const mark = saveState === 'saved' ? (isDirty(box) ? 'pending' : null) : saveState;

  const finish = (action: () => void) => {
    action();
    // Back to the pencil, so a keyboard user continues where they were.
    requestAnimationFrame(() => pencil.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      finish(onSave);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(onCancel);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (file) onUploadImage(file);
  };

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid={`box-${box.id}`}
      data-editing={editing}
      sx={{ breakInside: 'avoid' }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="h3" component="h3">
              {box.UiBoxTitle}
            </Typography>
            {box.prompt && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {box.prompt}
              </Typography>
            )}
          </Box>
          {!editing && (
            <Tooltip title={t('box.edit', { title: box.UiBoxTitle })}>
              <IconButton
                ref={pencil}
                onClick={onEdit}
                aria-label={t('box.edit', { title: box.UiBoxTitle })}
                data-testid="box-edit"
              >
                <EditOutlined />
              </IconButton>
            </Tooltip>
          )}
        </Stack>

        {editing ? (
          <Box>
            <TextField
              value={box.content}
              onChange={(event) => onChange(event.target.value.slice(0, YEAR_COMPASS_LIMITS.boxContentMax))}
              onKeyDown={onKeyDown}
              placeholder={t('box.placeholder')}
              multiline
              rows={textareaRows(box)}
              fullWidth
              autoFocus
              slotProps={{
                htmlInput: {
                  maxLength: YEAR_COMPASS_LIMITS.boxContentMax,
                  'aria-labelledby': titleId,
                  'aria-describedby': hintId,
                  'data-testid': 'box-textarea',
                },
              }}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => finish(onSave)}>
                {t('box.save')}
              </Button>
              <Button onClick={() => finish(onCancel)}>{t('box.cancel')}</Button>
              <Typography id={hintId} variant="caption" color="text.secondary">
                {t('box.keyHint')}
              </Typography>
            </Stack>
          </Box>
        ) : text ? (
          <Typography data-testid="box-content" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {box.content.trim()}
          </Typography>
        ) : (
          <Typography data-testid="box-content" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('box.noContent')}
          </Typography>
        )}
        {mark && (
          <Box>
            <Chip
              size="small"
              color={mark === 'retrying' || mark === 'refused' ? 'error' : 'warning'}
              variant="outlined"
              label={tDrafts(`short.${mark}`)}
              data-testid="box-unsaved"
              data-state={mark}
            />
          </Box>
        )}
        {offer && (
          <DraftOffer
            keptAt={offer.keptAt}
            onRestore={() => onSettleOffer(true)}
            onDiscard={() => onSettleOffer(false)}
            testId="box-draft-offer"
          />
        )}

        {box.hasImage && (
          <Stack spacing={1.5} data-testid="box-image-area">
            {box.imageUrl ? (
              <Box
                component="img"
                src={box.imageUrl}
                alt={t('image.alt', { title: box.UiBoxTitle })}
                data-testid="box-image"
                sx={{
                  display: 'block',
                  width: '100%',
                  maxWidth: 480,
                  height: 'auto',
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
            ) : (
              <PlaceholderPicture label={t('image.placeholder')} />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('image.hint')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={onGenerateImage}
                disabled={image.busy !== null}
                startIcon={
                  image.busy === 'generating' ? (
                    <CircularProgress size={16} color="inherit" aria-hidden="true" />
                  ) : (
                    <AutoAwesomeOutlined />
                  )
                }
                data-testid="generate-image"
              >
                {image.busy === 'generating' ? t('image.generating') : t('image.generate')}
              </Button>
              <Button
                variant="outlined"
                onClick={() => fileInput.current?.click()}
                disabled={image.busy !== null}
                startIcon={
                  image.busy === 'uploading' ? (
                    <CircularProgress size={16} color="inherit" aria-hidden="true" />
                  ) : (
                    <UploadFileOutlined />
                  )
                }
              >
                {image.busy === 'uploading' ? t('image.uploading') : t('image.upload')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                hidden
                onChange={onFile}
                data-testid="upload-image-input"
                tabIndex={-1}
              />
            </Stack>
            {image.message && (
              <Alert
                severity={image.message === 'contentRequired' || image.message === 'notImage' ? 'warning' : 'error'}
                onClose={onDismissImageMessage}
                data-testid="image-message"
                role="alert"
              >
                {t(`image.${image.message}`)}
              </Alert>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
