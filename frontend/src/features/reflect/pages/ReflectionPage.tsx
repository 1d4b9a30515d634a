import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useParams } from 'react-router-dom';
import { reflectTopicOr } from '@clari/contracts';
import { ChatPanelPlaceholder } from '../../../components/assistant/ChatPanelPlaceholder';
import { LazyChatPanel } from '../../../components/assistant/LazyChatPanel';
import { SaveStatus } from '../../../components/drafts/SaveStatus';
import { ClarifyPrompt } from '../components/ClarifyPrompt';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { ReflectionHeader } from '../components/ReflectionHeader';
import { SummarySection } from '../components/SummarySection';
import { TakeawaysSection } from '../components/TakeawaysSection';
import { useCreateReflectionOnce } from '../hooks/useCreateReflectionOnce';
import { useDiscardUntouchedReflection } from '../hooks/useDiscardUntouchedReflection';
import { reflectionDraftId, takeawayDraftId, useReflectDrafts } from '../hooks/useReflectDrafts';
import { useReflectionChat } from '../hooks/useReflectionChat';
import { useReflectionDetail } from '../hooks/useReflectionDetail';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { useTakeawayEdits } from '../hooks/useTakeawayEdits';
import { showClarify, summarySectionState, takeawaySectionState } from '../logic/summary-flag';

/**
 * /reflect/new_topic/{topicId} and /reflect/id/{reflectionId} (part 2 §2 "Reflect screen").
 * Each reflection (and each creation, by its history entry) gets a fresh view, so nothing of
 * one reflection's state can leak into another's.
 */
export default function ReflectionPage() {
  const { reflectionId, topicId } = useParams();
  const location = useLocation();
  const createdHere = (location.state as { created?: unknown } | null)?.created === true;
  return (
    <ReflectionView
      key={reflectionId ? `id:${reflectionId}` : `new:${location.key}`}
      reflectionId={reflectionId}
      topicId={topicId}
      creationKey={location.key}
      createdHere={createdHere}
    />
  );
}

function ReflectionView({
  reflectionId,
  topicId,
  creationKey,
  createdHere,
}: {
  reflectionId?: string;
  topicId?: string;
  creationKey: string;
  createdHere: boolean;
}) {
  const { t, language } = useReflectLabels();
  const creating = reflectionId === undefined;
  useCreateReflectionOnce({ creating, creationKey, topicId });
  const { detail, setDetail, flag, setFlag } = useReflectionDetail(reflectionId);
  useDiscardUntouchedReflection({ reflectionId, detail, createdHere });
  const { chat, chatReady, setChatReady, conversationData, onReply, clarify } = useReflectionChat({
    detail,
    setDetail,
    flag,
    setFlag,
    language,
  });
  const takeawayEdits = useTakeawayEdits(setDetail);
  const drafts = useReflectDrafts({ detail, setDetail, setFlag });

  const reflection = detail?.reflection ?? null;
  const takeaways = detail?.takeaways ?? [];
  const topic = reflection?.topic ?? (creating ? reflectTopicOr(topicId) : null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 1, md: 2 } }}>
      <Stack spacing={3}>
        <ReflectionHeader reflection={reflection} topic={topic} />

        <Typography color="text.secondary">{t('screen.chatIntro')}</Typography>

        {/* The chat's place is held at its size while the reflection, the panel's code or its history loads. */}
        {creating ? (
          <ChatPanelPlaceholder size="large" label={t('screen.creating')} testId="chat-placeholder" />
        ) : detail && conversationData ? (
          <LazyChatPanel
            ref={chat}
            conversationDomain="reflect_topic"
            conversationData={conversationData}
            language={language}
            size="large"
            onReply={onReply}
            onReadyChange={setChatReady}
            reloadKey={detail.reflection.id}
            loadingLabel={t('loading')}
          />
        ) : (
          <ChatPanelPlaceholder size="large" label={t('loading')} />
        )}

        {showClarify({ flag, reflectionExists: reflection !== null, creating }) && (
          <ClarifyPrompt disabled={!chatReady} onClarify={() => void clarify()} />
        )}

        {detail && <SaveStatus state={drafts.state} />}
        {detail && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
            <SummarySection
              reflection={reflection}
              state={summarySectionState(reflection, flag)}
              autosave={reflection ? drafts.summary(reflectionDraftId(reflection.id)) : undefined}
            />
            <TakeawaysSection
              takeaways={takeaways}
              state={takeawaySectionState(takeaways, reflection, flag)}
              headingRef={takeawayEdits.headingRef}
              editing={takeawayEdits.editing}
              onEdit={(takeaway) => takeawayEdits.setEditing(takeaway.id)}
              onClose={() => takeawayEdits.setEditing(null)}
              autosave={(takeaway) => drafts.takeaway(takeawayDraftId(takeaway.id))}
              onDelete={takeawayEdits.setDeleting}
            />
          </Box>
        )}
      </Stack>

      <ConfirmDeleteDialog
        open={takeawayEdits.deleting !== null}
        kind="takeaway"
        onCancel={() => takeawayEdits.setDeleting(null)}
        onConfirm={() => void takeawayEdits.confirmDelete()}
      />
    </Container>
  );
}
