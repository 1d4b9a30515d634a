import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import GraphicEqOutlined from '@mui/icons-material/GraphicEqOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { JOURNAL_LIMITS, JOURNAL_NOTE_FORMATS, LANGUAGES, RECORDING, isLanguage, type JournalNoteFormat, type Language } from '@clari/contracts';
import { PageSpinner } from '../../../components/PageSpinner';
import { useToast } from '../../../components/ToastProvider';
import { ApiError } from '../../../lib/api';
import { usePublicConfig } from '../../../lib/public-config';
import { formatElapsed } from '../../../components/assistant/VoiceInputButton';
import { useAudioRecorder } from '../../../components/assistant/useAudioRecorder';
import { useAuth } from '../../../components/auth/AuthProvider';
import { generateJournalSummary, transcribeSession } from '../api/journal-api';
import { AUDIO_ACCEPT, audioFileProblem } from '../audio-file';
import { LeaveDialog } from '../components/LeaveDialog';
import { SummaryView } from '../components/SummaryView';
import { JOURNAL_NS } from '../journal-i18n';
import { parseSummary, toHtml, toHtmlDocument, toMarkdown, toPlainText } from '../summary-html';
import { saveFile } from '../../../lib/download';


interface ChosenAudio {
  blob: Blob;
  /** The uploaded file's name; null for a recording made here. */
  fileName: string | null;
  label: string;
  /** An object URL of the blob for the player (revoked when another audio is chosen). */
  url: string;
}

function chosen(blob: Blob, fileName: string | null, label: string): ChosenAudio {
  return { blob, fileName, label, url: URL.createObjectURL(blob) };
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Non-clinicians: the clinician-only message and a way to ask for access (part 2 §2, §6). */
function ClinicianOnly() {
  const { t } = useTranslation(JOURNAL_NS);
  const { contactEmail } = usePublicConfig();
  return (
    <Container maxWidth="sm">
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }} data-testid="journal-clinician-only">
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LockOutlined color="action" aria-hidden />
            <Typography variant="h1" sx={{ fontSize: '2rem' }}>
              {t('title')}
            </Typography>
          </Stack>
          <Typography sx={{ fontWeight: 600 }}>{t('clinicianOnly.message')}</Typography>
          <Typography color="text.secondary">{t('clinicianOnly.details')}</Typography>
          <Box>
            <Button variant="contained" href={`mailto:${contactEmail}?subject=${encodeURIComponent(t('clinicianOnly.mailSubject'))}`}>
              {t('clinicianOnly.contact')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Container>
  );
}

/** The clinician's last chosen note format is remembered in this browser. */
const FORMAT_STORAGE_KEY = 'clari.journal.format';

function storedFormat(): JournalNoteFormat {
  try {
    const saved = localStorage.getItem(FORMAT_STORAGE_KEY);
    return (JOURNAL_NOTE_FORMATS as readonly string[]).includes(saved ?? '') ? (saved as JournalNoteFormat) : 'structured';
  } catch {
    return 'structured';
  }
}

/** /journal: record or upload, transcribe, edit, and generate a journal summary (clinicians only). */
export default function JournalPage() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!user?.is_clinician) return <ClinicianOnly />;
  return <JournalWorkspace defaultLanguage={isLanguage(user.language) ? user.language : 'en'} />;
}

function JournalWorkspace({ defaultLanguage }: { defaultLanguage: Language }) {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  const toast = useToast();
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [audio, setAudio] = useState<ChosenAudio | null>(null);
  const [transcription, setTranscription] = useState('');
  const [summary, setSummary] = useState('');
  const [transcribing, setTranscribing] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);
  const [justTranscribed, setJustTranscribed] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  // Copied or downloaded since it was generated: the summary exists only on this page.
  const [summarySaved, setSummarySaved] = useState(false);
  const { transcriptionAvailable, loaded: configLoaded } = usePublicConfig();
  // Without a transcription provider, recording and uploading are hidden (as the chat hides its microphone).
  const audioOffered = configLoaded && transcriptionAvailable;
  const fileInput = useRef<HTMLInputElement>(null);
  const summaryHeading = useRef<HTMLDivElement>(null);
  const elapsedAtStop = useRef(0);
  const languageLabelId = useId();
  const formatLabelId = useId();
  const formatHelpId = useId();
  const [format, setFormat] = useState<JournalNoteFormat>(storedFormat);

  const recorder = useAudioRecorder({
    language,
    autoTranscribe: false,
    stopOnSilence: false,
    onRecordingComplete: (blob) => {
      if (blob.size === 0) return;
      setRecording(blob);
      setAudio(chosen(blob, null, t('audio.recordingName', { time: formatElapsed(elapsedAtStop.current) })));
    },
  });
  useEffect(() => {
    if (recorder.status === 'recording') elapsedAtStop.current = recorder.elapsedSeconds;
  }, [recorder.status, recorder.elapsedSeconds]);

  // The player's object URL lives as long as its audio is the chosen one.
  useEffect(() => () => {
    if (audio) URL.revokeObjectURL(audio.url);
  }, [audio]);
  const nodes = useMemo(() => parseSummary(summary), [summary]);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = audioFileProblem(file);
    if (problem) {
      // The previous choice stays; the reason is shown beside the picker and announced.
      setFileError(problem === 'notAudio' ? t('errors.notAudio', { name: file.name }) : t('errors.tooLarge'));
      return;
    }
    setFileError(null);
    setAudio(chosen(file, file.name, file.name));
  };

  const unsavedSummary = summary.trim() !== '' && !summarySaved;
  // Leaving inside the app asks first; closing or reloading the tab gets the browser's own question.
  const blocker = useBlocker(useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => unsavedSummary && currentLocation.pathname !== nextLocation.pathname, [unsavedSummary]));
  useEffect(() => {
    if (!unsavedSummary) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [unsavedSummary]);

  const transcribe = async () => {
    if (!audio) {
      toast(t('errors.noFile'), 'error');
      return;
    }
    setTranscribing(true);
    setJustTranscribed(false);
    try {
      const { transcription: text } = await transcribeSession(audio.blob, audio.fileName, language);
      setNotConfigured(false);
      if (!text.trim()) {
        toast(t('errors.noSpeech'), 'info');
        return;
      }
      setTranscription((current) => (current.trim() ? `${current.trimEnd()}\n\n${text}` : text).slice(0, JOURNAL_LIMITS.transcriptionMax));
      setJustTranscribed(true);
    } catch (error) {
      // Part 2 §8: a transcription failure alerts the translated transcription error.
      console.error('Transcription failed', error);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 503) setNotConfigured(true);
      const key = status === 503 ? 'errors.notConfigured' : status === 413 ? 'errors.tooLarge' : status === 415 ? 'errors.unsupported' : status === 429 ? 'errors.rateLimited' : 'errors.transcription';
      toast(t(key), 'error');
    } finally {
      setTranscribing(false);
    }
  };

  const chooseFormat = (next: JournalNoteFormat) => {
    setFormat(next);
    try {
      localStorage.setItem(FORMAT_STORAGE_KEY, next);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this visit.
    }
  };

  const generate = async () => {
    // Part 2 §5: ignored when the transcription is blank after trimming.
    if (!transcription.trim() || processing) return;
    setProcessing(true);
    try {
      const response = await generateJournalSummary({ transcriptionText: transcription, language, format });
      setSummary(response.summary);
      setSummarySaved(false);
      requestAnimationFrame(() => summaryHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (error) {
      console.error('Failed to process text', error);
      toast(error instanceof ApiError && error.status === 429 ? t('errors.rateLimited') : t('errors.process'), 'error');
    } finally {
      setProcessing(false);
    }
  };

  const fileBase = `${t('summary.fileName')}-${new Date().toISOString().slice(0, 10)}`;
  const copy = async () => {
    try {
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([
          new ClipboardItem({
            'text/html': new Blob([toHtml(nodes)], { type: 'text/html' }),
            'text/plain': new Blob([toPlainText(nodes)], { type: 'text/plain' }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(toPlainText(nodes));
      }
      setSummarySaved(true);
      toast(t('summary.copied'), 'success');
    } catch (error) {
      console.error('Copying the summary failed', error);
      toast(t('summary.copyFailed'), 'error');
    }
  };

  const recordingNow = recorder.status === 'recording';
  const busy = transcribing || processing;

  return (
    <Container maxWidth="md">
      <Stack spacing={3}>
        <Box>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('intro')}</Typography>
        </Box>
        <Alert severity="info" icon={<LockOutlined fontSize="inherit" />} data-testid="journal-privacy">
          {t('privacy')}
        </Alert>

        <Section title={audioOffered || !configLoaded ? t('audio.title') : t('audio.titleNoAudio')} testId="journal-audio">
          <Stack spacing={2}>
            <FormControl size="small" sx={{ maxWidth: 280 }}>
              <InputLabel id={languageLabelId}>{t('audio.language')}</InputLabel>
              <Select labelId={languageLabelId} label={t('audio.language')} value={language} onChange={(event) => setLanguage(event.target.value as Language)} disabled={busy || recordingNow}>
                {LANGUAGES.map((code) => (
                  <MenuItem key={code} value={code} lang={code}>
                    {t(`audio.languages.${code}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>

            {audioOffered && (
              <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
                <Button
                  variant={recordingNow ? 'contained' : 'outlined'}
                  color={recordingNow ? 'error' : 'primary'}
                  startIcon={recordingNow ? <StopIcon /> : <MicIcon />}
                  onClick={recorder.toggle}
                  // Part 2 §4: the recorder is disabled while processing.
                  disabled={(busy && !recordingNow) || recorder.status === 'transcribing'}
                >
                  {recordingNow ? t('audio.stop') : t('audio.record')}
                </Button>
                {recordingNow && (
                  <Typography role="timer" aria-label={t('audio.recording', { time: formatElapsed(recorder.elapsedSeconds) })} color="error.dark" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid="journal-recording-timer">
                    {formatElapsed(recorder.elapsedSeconds)}
                  </Typography>
                )}
                <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={!recording || recordingNow} onClick={() => recording && saveFile(recording, RECORDING.downloadFileName)}>
                  {t('audio.downloadRecording')}
                </Button>
                <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => fileInput.current?.click()} disabled={busy || recordingNow}>
                  {t('audio.upload')}
                </Button>
                <input ref={fileInput} type="file" accept={AUDIO_ACCEPT} hidden onChange={chooseFile} data-testid="journal-file-input" aria-label={t('audio.upload')} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('audio.uploadHint')}
              </Typography>
              {fileError && (
                <Alert severity="error" role="alert" data-testid="journal-file-error" onClose={() => setFileError(null)}>
                  {fileError}
                </Alert>
              )}
              {recorder.nearLimit && recordingNow && (
                <Typography role="status" variant="body2" color="warning.dark">
                  {t('audio.warning')}
                </Typography>
              )}
              {recorder.error && (
                <Alert severity="warning" role="alert">
                  {recorder.error.message}
                </Alert>
              )}

              <Box>
                <Typography variant="body2" sx={{ mb: 1 }} data-testid="journal-chosen-audio">
                  {audio ? t('audio.chosen', { name: audio.label }) : t('audio.none')}
                </Typography>
                {audio && <Box component="audio" controls src={audio.url} aria-label={t('audio.player')} sx={{ width: '100%', maxWidth: 480 }} data-testid="journal-player" />}
              </Box>
              <Box>
                <Button
                  variant="contained"
                  startIcon={transcribing ? <CircularProgress size={18} color="inherit" /> : <GraphicEqOutlined />}
                  onClick={() => void transcribe()}
                  // Part 2 §5: Transcribe needs a chosen file.
                  disabled={!audio || busy || recordingNow}
                >
                  {transcribing ? t('audio.transcribing') : t('audio.transcribe')}
                </Button>
              </Box>
              {notConfigured && (
                <Alert severity="info" data-testid="journal-not-configured">
                  {t('errors.notConfigured')}
                </Alert>
              )}
              </>
            )}
            {configLoaded && !transcriptionAvailable && (
              <Alert severity="info" data-testid="journal-audio-unavailable">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('audio.unavailable')}
                </Typography>
                <Typography variant="body2">{t('audio.howToEnable')}</Typography>
              </Alert>
            )}
          </Stack>
        </Section>

        <Section title={t('transcription.title')} testId="journal-transcription">
          <Stack spacing={2}>
            {justTranscribed && (
              <Typography role="status" variant="body2" color="success.dark">
                {t('transcription.ready')}
              </Typography>
            )}
            <TextField
              label={t('transcription.label')}
              placeholder={audioOffered ? t('transcription.placeholder') : t('transcription.placeholderTyped')}
              value={transcription}
              onChange={(event) => setTranscription(event.target.value)}
              multiline
              rows={JOURNAL_LIMITS.transcriptionRows}
              fullWidth
              slotProps={{ htmlInput: { maxLength: JOURNAL_LIMITS.transcriptionMax, lang: language, spellCheck: true } }}
            />
            <FormControl size="small" sx={{ maxWidth: 420 }}>
              <InputLabel id={formatLabelId}>{t('format.label')}</InputLabel>
              <Select
                labelId={formatLabelId}
                label={t('format.label')}
                value={format}
                onChange={(event) => chooseFormat(event.target.value as JournalNoteFormat)}
                disabled={processing}
                inputProps={{ 'aria-describedby': formatHelpId }}
                data-testid="journal-format"
              >
                {JOURNAL_NOTE_FORMATS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`format.options.${option}`)}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText id={formatHelpId}>{t('format.help')}</FormHelperText>
            </FormControl>
            <Box>
              <Button
                variant="contained"
                size="large"
                startIcon={processing ? <CircularProgress size={18} color="inherit" /> : <AutoAwesomeOutlined />}
                onClick={() => void generate()}
                // Part 2 §4: disabled when the text is blank or while processing.
                disabled={!transcription.trim() || processing}
              >
                {processing ? t('transcription.generating') : t('transcription.generate')}
              </Button>
            </Box>
          </Stack>
        </Section>

        <Paper component="section" variant="outlined" aria-labelledby="journal-summary-title" sx={{ p: { xs: 2, sm: 3 } }} aria-busy={processing} data-testid="journal-summary">
          <Stack spacing={1.5} sx={{ mb: 2 }} ref={summaryHeading}>
            <Typography id="journal-summary-title" variant="h2">
              {t('summary.title')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button size="small" variant="outlined" startIcon={<ContentCopyOutlined />} disabled={!nodes.length} onClick={() => void copy()}>
                {t('summary.copy')}
              </Button>
              {(
                [
                  ['downloadHtml', () => toHtmlDocument(nodes, t('summary.documentTitle'), i18n.language), 'text/html', 'html'],
                  ['downloadMarkdown', () => toMarkdown(nodes), 'text/markdown', 'md'],
                ] as const
              ).map(([label, content, type, extension]) => (
                <Button
                  key={extension}
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadOutlined />}
                  disabled={!nodes.length}
                  onClick={() => {
                    saveFile(new Blob([content()], { type: `${type};charset=utf-8` }), `${fileBase}.${extension}`);
                    setSummarySaved(true);
                  }}
                >
                  {t(`summary.${label}`)}
                </Button>
              ))}
            </Stack>
          </Stack>
          {nodes.length ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('summary.draft')}
              </Typography>
              <Box data-testid="journal-summary-content" lang={language}>
                <SummaryView nodes={nodes} />
              </Box>
            </>
          ) : (
            <Typography color="text.secondary">{t('summary.empty')}</Typography>
          )}
        </Paper>
      </Stack>
      <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Container>
  );
}

