import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { YEAR_COMPASS_SECTION_COUNT, type ChatResponse } from '@clari/contracts';
import { LazyChatPanel } from '../../../components/assistant/LazyChatPanel';
import { useHoldPageLoading } from '../../../components/page-loading';
import { useToast } from '../../../components/ToastProvider';
import { useYearCompass } from '../hooks/YearCompassProvider';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { boxUpdatesOf, isSectionLoading, type LocalSection } from '../year-compass-data';
import { BoxCard } from './BoxCard';

/** The selected section: its state while loading or failed, else the section itself. */
export function SectionPane({ sectionNumber }: { sectionNumber: number }) {
  const { t } = useYearCompassTexts();
  const { entries, retry } = useYearCompass();
  const entry = entries[sectionNumber];
  const loading = isSectionLoading(entry);
  // The footer waits for the section: painted under this line, it would be pushed down.
  useHoldPageLoading(loading);

  if (loading) {
    return (
      <Stack
        role="status"
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', py: 6, justifyContent: 'center' }}
        data-testid="section-loading"
      >
        <CircularProgress size={22} aria-hidden="true" />
        <Typography>{t('app.loading')}</Typography>
      </Stack>
    );
  }
  if (entry.status === 'error') {
    return (
      <Alert
        severity="error"
        data-testid="section-error"
        action={
          <Button color="inherit" size="small" onClick={() => retry(sectionNumber)}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('app.fetchFailed', { n: sectionNumber })}
      </Alert>
    );
  }
  if (!entry.section.boxes.length) {
    return (
      <Typography color="text.secondary" data-testid="section-no-data" sx={{ py: 4 }}>
        {t('app.noData')}
      </Typography>
    );
  }
  // A new section starts with no box open.
  return <SectionView key={sectionNumber} section={entry.section} />;
}

function SectionView({ section }: { section: LocalSection }) {
  const { t } = useYearCompassTexts();
  const toast = useToast();
  const {
    language,
    setBoxContent,
    saveBox,
    saveSection,
    imageState,
    generateImage,
    uploadImage,
    clearImageMessage,
    refreshSoon,
    boxSaveState,
    offeredDraft,
    settleOffer,
  } = useYearCompass();
  const n = section.sectionNumber;
  const [editing, setEditing] = useState<string | null>(null);
  /** The text of the open box when it was opened: Cancel puts it back (the autosave may have sent more). */
  const [openedWith, setOpenedWith] = useState('');
  const [saving, setSaving] = useState(false);

  const save = (boxId: string) => {
    const box = section.boxes.find((item) => item.id === boxId);
    setEditing(null);
    if (box) void saveBox(n, boxId, box.content);
  };

  const edit = (boxId: string) => {
    setOpenedWith(section.boxes.find((item) => item.id === boxId)?.content ?? '');
    setEditing(boxId);
  };

  const cancel = (boxId: string) => {
    const box = section.boxes.find((item) => item.id === boxId);
    if (box && box.content !== openedWith) setBoxContent(n, boxId, openedWith);
    setEditing(null);
  };

  const saveChanges = async () => {
    setSaving(true);
    const saved = await saveSection(n);
    setSaving(false);
    if (saved) {
      setEditing(null);
      toast(t('section.saved'), 'success');
    } else {
      toast(t('section.saveFailed'), 'error');
    }
  };

  // Clari sees the section and what each box holds on the server (never an unsaved draft, which
  // would count as a filled box); it names the thread by sectionNumber.
  const conversationData = useMemo(
    () => ({
      sectionNumber: n,
      sectionTitle: section.UiSectionTitle,
      boxes: section.boxes.map((box) => ({ id: box.id, title: box.UiBoxTitle, content: box.savedContent })),
    }),
    [n, section],
  );

  // Part 2 §4: after a reply that changed boxes, the section is re-fetched after 500 ms.
  const onReply = useCallback(
    (response: ChatResponse) => {
      if (boxUpdatesOf(response, n).length) refreshSoon(n);
    },
    [n, refreshSoon],
  );

  return (
    <Stack
      spacing={3}
      component="section"
      aria-labelledby="section-title"
      data-testid="section-pane"
      data-section={n}
      sx={{ scrollMarginTop: 80 }}
    >
      <Box>
        <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
          {t('app.counter', { n, total: YEAR_COMPASS_SECTION_COUNT })}
        </Typography>
        <Typography id="section-title" variant="h2" component="h2" tabIndex={-1} sx={{ outline: 'none' }}>
          {section.UiSectionTitle}
        </Typography>
        <Typography sx={{ mt: 1, maxWidth: 760 }}>{section.UiSectionInstruction}</Typography>
      </Box>

      <Stack spacing={2}>
        {section.boxes.map((box) => (
          <BoxCard
            key={box.id}
            box={box}
            editing={editing === box.id}
            onEdit={() => edit(box.id)}
            onChange={(content) => setBoxContent(n, box.id, content)}
            onSave={() => save(box.id)}
            onCancel={() => cancel(box.id)}
            image={imageState(n, box.id)}
            onGenerateImage={() => void generateImage(n, box.id)}
            onUploadImage={(file) => void uploadImage(n, box.id, file)}
            onDismissImageMessage={() => clearImageMessage(n, box.id)}
            saveState={boxSaveState(n, box.id)}
            offer={offeredDraft(n, box.id)}
            onSettleOffer={(restore) => settleOffer(n, box.id, restore)}
          />
        ))}
      </Stack>

      <Box>
        <Button
          variant="contained"
          size="large"
          startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <SaveOutlined />}
          onClick={() => void saveChanges()}
          disabled={saving}
        >
          {saving ? t('section.saving') : t('section.saveChanges')}
        </Button>
      </Box>

      <Box data-testid="section-clari">
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('section.clariIntro')}
        </Typography>
        <LazyChatPanel
          key={n}
          conversationDomain="yearcompass_dynamicsection"
          conversationData={conversationData}
          language={language}
          size="medium"
          onReply={onReply}
          loadingLabel={t('app.loading')}
        />
      </Box>
    </Stack>
  );
}
