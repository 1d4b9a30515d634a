import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { CHAT_HEIGHTS, REFLECT_CLARIFY_PHRASE, reflectTopicOr, type ChatResponse, type Reflection, type ReflectionAiResultRequest, type ReflectionDetail, type Takeaway } from '@clari/contracts';
import type { ChatPanelHandle } from '../../../components/assistant/ChatPanel';
import { conversationKey, conversationStore } from '../../../components/assistant/conversation-store';
import { ApiError } from '../../../lib/api';
import { createReflection, deleteTakeaway, saveAiResult, updateReflection, updateTakeaway } from '../api/reflect-api';
import { reflectionDetailQuery, reflectionSaved, reflectKeys, removeFromList } from '../api/reflect-queries';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { SUMMARY_COLORS, TAKEAWAY_COLORS } from '../components/card-styles';
import { SummaryCard } from '../components/SummaryCard';
import { TakeawayCard } from '../components/TakeawayCard';
import { useReflectLabels } from '../hooks/useReflectLabels';
import {
  aiResultRequest,
  conversationDataOf,
  createOnce,
  discardOnLeave,
  displayTitle,
  hasAiResult,
  hasContent,
  headingOf,
  lastUserMessage,
  placeholderReflection,
  reflectionInputOf,
  resetCreation,
  showClarify,
  summaryFlagAfterClarifyReply,
  summaryFlagAfterReply,
  summarySectionState,
  takeawayInputOf,
  takeawaySectionState,
  type ReflectionEdit,
} from '../reflect-logic';
import { discardReflection, keepReflection } from '../placeholder-cleanup';
import { reflectPaths } from '../reflect-paths';

// The chat panel (and react-markdown under it) loads with this page only.
const ChatPanel = lazy(() => import('../../../components/assistant/ChatPanel'));

/**
 * /reflect/new_topic/{topicId} and /reflect/id/{reflectionId} (part 2 §2 "Reflect screen").
 * Each reflection (and each creation, by its history entry) gets a fresh view, so nothing of
 * one reflection's state can leak into another's.
 */
export default function ReflectionPage() {
  const { reflectionId, topicId } = useParams();
  const location = useLocation();
  const createdHere = (location.state as { created?: unknown } | null)?.created === true;
  return <ReflectionView key={reflectionId ? `id:${reflectionId}` : `new:${location.key}`} reflectionId={reflectionId} topicId={topicId} creationKey={location.key} createdHere={createdHere} />;
}

function ReflectionView({ reflectionId, topicId, creationKey, createdHere }: { reflectionId?: string; topicId?: string; creationKey: string; createdHere: boolean }) {
  const { t, language, topicName, topicEmoji } = useReflectLabels();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const creating = reflectionId === undefined;
  const [detail, setDetail] = useState<ReflectionDetail | null>(null);
  /** reflection_has_summary (part 2 §4 "Summary flag"). */
  const [flag, setFlag] = useState(false);
  const [chatReady, setChatReady] = useState(false);
  const [lastMessage, setLastMessage] = useState<string | undefined>(undefined);
  const [editingTakeaway, setEditingTakeaway] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Takeaway | null>(null);
  const chat = useRef<ChatPanelHandle>(null);
  /** A Clarify click waits for its reply. */
  const clarifyPending = useRef(false);
  /** Where the keyboard focus goes when the focused takeaway has been deleted. */
  const takeawaysHeading = useRef<HTMLHeadingElement>(null);

  // New topic: create the placeholder once, then replace the route with the reflection's.
  useEffect(() => {
    if (!creating) return;
    let active = true;
    createOnce(creationKey, () => createReflection(placeholderReflection(topicId)))
      .then((created) => {
        void queryClient.invalidateQueries({ queryKey: reflectKeys.list() });
        if (active) navigate(reflectPaths.reflection(created.id), { replace: true, state: { created: true } });
      })
      .catch((error: unknown) => {
        resetCreation(creationKey);
        if (!active) return;
        console.error('Failed to save reflection', error);
        navigate(reflectPaths.list, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [creating, creationKey, topicId, navigate, queryClient]);

  // An existing reflection: load it with its takeaways (from the cache when it was just shown);
  // a failure goes back to the list. From then on the page holds it and keeps the cache in step.
  const loaded = useQuery({ ...reflectionDetailQuery(reflectionId ?? ''), enabled: reflectionId !== undefined });
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !loaded.data) return;
    seeded.current = true;
    setDetail(loaded.data);
    setFlag(hasContent(loaded.data.reflection));
  }, [loaded.data]);
  useEffect(() => {
    if (!loaded.isError || seeded.current) return;
    console.error(`Failed to fetch reflection ${reflectionId}`, loaded.error);
    navigate(reflectPaths.list, { replace: true });
  }, [loaded.isError, loaded.error, reflectionId, navigate]);
  useEffect(() => {
    if (detail) reflectionSaved(queryClient, detail);
  }, [detail, queryClient]);

  // Leaving a placeholder the user did nothing with deletes it, so topic clicks that led
  // nowhere leave no empty reflections in the list.
  const latestDetail = useRef(detail);
  useLayoutEffect(() => {
    latestDetail.current = detail;
  });
  useEffect(() => {
    if (!reflectionId) return;
    keepReflection(reflectionId);
    return () => {
      const shown = latestDetail.current;
      const chat = conversationStore.get(conversationKey('reflect_topic', reflectionId));
      if (discardOnLeave({ reflection: shown?.reflection ?? null, takeaways: shown?.takeaways ?? [], chat, createdHere })) {
        discardReflection(reflectionId, () => {
          removeFromList(queryClient, reflectionId);
          queryClient.removeQueries({ queryKey: reflectKeys.detail(reflectionId) });
        });
      }
    };
  }, [reflectionId, createdHere, queryClient]);

  const reflection = detail?.reflection ?? null;
  const takeaways = detail?.takeaways ?? [];
  const topic = reflection?.topic ?? (creating ? reflectTopicOr(topicId) : null);
  const heading = headingOf({ reflection, topic, topicName, fallback: t('newReflection') });

  const conversationData = useMemo(
    // Spread into a plain object: ChatPanel takes any record, an interface has no index signature.
    () => (detail ? { ...conversationDataOf({ reflection: detail.reflection, takeaways: detail.takeaways, flag, lastMessage }) } : undefined),
    [detail, flag, lastMessage],
  );

  /** Saves Clari's summary and takeaways in one call and shows what the server kept; a failure is only logged. */
  const applyAiResult = async (current: Reflection, body: ReflectionAiResultRequest) => {
    try {
      setDetail(await saveAiResult(current.id, body));
    } catch (error) {
      console.error('Failed to save reflection', error);
      // Nothing arrived: without content the Clarify button comes back for another try.
      if (!hasContent(current)) setFlag(false);
    }
  };

  const onReply = (response: ChatResponse) => {
    setLastMessage((previous) => lastUserMessage(response.history) ?? previous);
    if (clarifyPending.current) {
      clarifyPending.current = false;
      setFlag((current) => summaryFlagAfterClarifyReply(current, response, reflection));
    } else {
      setFlag((current) => summaryFlagAfterReply(current, response));
    }
    if (reflection && hasAiResult(response)) void applyAiResult(reflection, aiResultRequest(response));
  };

  const clarify = async () => {
    const panel = chat.current;
    if (!panel || !reflection) return;
    // The flag is committed before the message goes out, so conversationData carries it.
    flushSync(() => setFlag(true));
    clarifyPending.current = true;
    // The button has gone; the keyboard focus continues in the chat.
    panel.focus();
    const sent = await panel.send(REFLECT_CLARIFY_PHRASE[language]);
    if (!sent) {
      clarifyPending.current = false;
      setFlag(hasContent(reflection));
    }
  };

  const saveSummary = async (edit: ReflectionEdit): Promise<boolean> => {
    if (!reflection) return false;
    try {
      const saved = await updateReflection(reflection.id, reflectionInputOf(reflection, edit));
      setDetail((current) => (current ? { ...current, reflection: saved } : current));
      // Emptied by hand: the reflection has no summary any more, and Clarify is offered again.
      if (!hasContent(saved)) setFlag(false);
      return true;
    } catch (error) {
      console.error('Failed to save reflection', error);
      return false;
    }
  };

  const saveTakeaway = async (takeaway: Takeaway, input: { title: string; content: string }): Promise<boolean> => {
    try {
      const saved = await updateTakeaway(takeaway.id, takeawayInputOf(input));
      setDetail((current) => (current ? { ...current, takeaways: current.takeaways.map((item) => (item.id === saved.id ? saved : item)) } : current));
      setEditingTakeaway(null);
      return true;
    } catch (error) {
      console.error('Failed to save takeaway', error instanceof ApiError ? error.status : error);
      return false;
    }
  };

  const confirmDeleteTakeaway = async () => {
    const takeaway = deleting;
    setDeleting(null);
    if (!takeaway) return;
    try {
      await deleteTakeaway(takeaway.id);
      setDetail((current) => (current ? { ...current, takeaways: current.takeaways.filter((item) => item.id !== takeaway.id) } : current));
      takeawaysHeading.current?.focus();
    } catch (error) {
      // Part 2 §4: a failed delete removes nothing.
      console.error(`Failed to delete takeaway ${takeaway.id}`, error);
    }
  };

  const summaryState = summarySectionState(reflection, flag);
  const takeawayState = takeawaySectionState(takeaways, reflection, flag);
  const clarifyVisible = showClarify({ flag, reflectionExists: reflection !== null, creating });
  const topicLine = topic && reflection && displayTitle(reflection, topicName) !== topicName(topic) ? topicName(topic) : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 1, md: 2 } }}>
      <Stack spacing={3}>
        <Box>
          <Button component={RouterLink} to={reflectPaths.list} startIcon={<ArrowBack />} sx={{ ml: -1 }}>
            {t('screen.back')}
          </Button>
        </Box>

        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {topic && (
            <Box component="span" aria-hidden="true" sx={{ fontSize: '2.6rem', lineHeight: 1 }}>
              {topicEmoji(topic)}
            </Box>
          )}
          <Box sx={{ minWidth: 0 }}>
            {topicLine && (
              <Typography color="text.secondary" sx={{ fontWeight: 600 }} data-testid="topic-line">
                {topicLine}
              </Typography>
            )}
            <Typography variant="h1" data-testid="reflection-heading" sx={{ overflowWrap: 'anywhere' }}>
              {heading}
            </Typography>
          </Box>
        </Stack>

        {!creating && !detail && (
          <Typography role="status" color="text.secondary">
            {t('loading')}
          </Typography>
        )}

        {(creating || detail) && <Typography color="text.secondary">{t('screen.chatIntro')}</Typography>}

        {creating && (
          <Paper variant="outlined" data-testid="chat-placeholder" sx={{ p: 2, height: CHAT_HEIGHTS.large + 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Stack role="status" spacing={2} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <CircularProgress aria-hidden="true" />
              <Typography>{t('screen.creating')}</Typography>
            </Stack>
          </Paper>
        )}

        {detail && conversationData && (
          <Suspense fallback={<Typography color="text.secondary">{t('loading')}</Typography>}>
            <ChatPanel
              ref={chat}
              conversationDomain="reflect_topic"
              conversationData={conversationData}
              language={language}
              size="large"
              onReply={onReply}
              onReadyChange={setChatReady}
              reloadKey={detail.reflection.id}
            />
          </Suspense>
        )}

        {clarifyVisible && (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography color="text.secondary" id="clarify-hint">
              {t('screen.clarifyHint')}
            </Typography>
            <Button
              variant="contained"
              size="large"
              startIcon={<AutoAwesomeOutlined />}
              disabled={!chatReady}
              onClick={() => void clarify()}
              aria-describedby="clarify-hint"
              sx={{ flexShrink: 0 }}
            >
              {t('screen.clarify')}
            </Button>
          </Paper>
        )}

        {detail && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
            <Box component="section" aria-labelledby="summary-heading" data-testid="summary-section">
              <Typography id="summary-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
                {t('summary.heading')}
              </Typography>
              {summaryState === 'content' && reflection ? (
                <SummaryCard reflection={reflection} onSave={saveSummary} />
              ) : (
                <SectionNotice processing={summaryState === 'processing'} color={SUMMARY_COLORS.border} testId="summary-state">
                  {summaryState === 'processing' ? t('processing') : t('summary.empty')}
                </SectionNotice>
              )}
            </Box>

            <Box component="section" aria-labelledby="takeaways-heading" data-testid="takeaways-section">
              <Typography id="takeaways-heading" ref={takeawaysHeading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
                {t('takeaways.heading')}
              </Typography>
              {takeawayState === 'content' ? (
                <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {takeaways.map((takeaway) => (
                    <TakeawayCard
                      key={takeaway.id}
                      takeaway={takeaway}
                      editing={editingTakeaway === takeaway.id}
                      locked={editingTakeaway !== null && editingTakeaway !== takeaway.id}
                      onEdit={() => setEditingTakeaway(takeaway.id)}
                      onCancel={() => setEditingTakeaway(null)}
                      onSave={(input) => saveTakeaway(takeaway, input)}
                      onDelete={() => setDeleting(takeaway)}
                    />
                  ))}
                </Stack>
              ) : (
                <SectionNotice processing={takeawayState === 'processing'} color={TAKEAWAY_COLORS.border} testId="takeaways-state">
                  {takeawayState === 'processing' ? t('processing') : t('takeaways.empty')}
                </SectionNotice>
              )}
            </Box>
          </Box>
        )}
      </Stack>

      <ConfirmDeleteDialog open={deleting !== null} kind="takeaway" onCancel={() => setDeleting(null)} onConfirm={() => void confirmDeleteTakeaway()} />
    </Container>
  );
}

/** 'Processing...', 'No summary yet' or 'No takeaways yet', in a dashed box of the section's colour. */
function SectionNotice({ processing, color, testId, children }: { processing: boolean; color: string; testId: string; children: string }) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      data-state={processing ? 'processing' : 'empty'}
      role="status"
      sx={{ p: 2.5, borderStyle: 'dashed', borderColor: color, bgcolor: 'transparent', display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}
    >
      {processing && <CircularProgress size={18} color="inherit" aria-hidden="true" />}
      <Typography>{children}</Typography>
    </Paper>
  );
}
