import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { Reflection, ReflectionDetail, Takeaway } from '@clari/contracts';
import { useSessionUser } from '../../../components/auth/AuthProvider';
import { useEditorDrafts } from '../../../components/drafts/useEditorDrafts';
import { ApiError } from '../../../lib/api';
import { combineSaveStates } from '../../../lib/drafts/draft-savers';
import { parseTexts } from '../../../lib/drafts/draft-store';
import { updateReflection, updateTakeaway } from '../api/reflect-api';
import {
  isValid,
  reflectionInputOf,
  tagsInputOf,
  takeawayInputOf,
  validateReflectionEdit,
  validateTakeaway,
  type ReflectionEdit,
} from '../logic/edit-forms';
import { hasContent } from '../logic/summary-flag';

export interface TakeawayText {
  title: string;
  content: string;
}

const DRAFT_TOOL = 'reflect';
const parseEdit = parseTexts(['title', 'content', 'tags'] as const);
const parseTakeaway = parseTexts(['title', 'content'] as const);

/** The summary form's fields as the server has them. */
export function editOf(reflection: Reflection): ReflectionEdit {
  return { title: reflection.title, content: reflection.content, tags: tagsInputOf(reflection.tags) };
}

export function takeawayTextOf(takeaway: Takeaway): TakeawayText {
  return { title: takeaway.title, content: takeaway.content };
}

export const reflectionDraftId = (reflectionId: string) => `reflection.${reflectionId}`;
export const takeawayDraftId = (takeawayId: string) => `takeaway.${takeawayId}`;

/** A form the server would refuse is kept on the device, but not sent (the form shows why on Save). */
const refused = () => new ApiError(400, 'The form has errors');

/**
 * The autosave of a reflection's summary form and its takeaway cards: each change is kept as a
 * draft on this device (per user and item) and saved after a pause, retried until the server
 * has it; after a reload the drafts are restored (and saved) or offered.
 */
export function useReflectDrafts({
  detail,
  setDetail,
  setFlag,
}: {
  detail: ReflectionDetail | null;
  setDetail: Dispatch<SetStateAction<ReflectionDetail | null>>;
  setFlag(flag: boolean): void;
}) {
  const email = useSessionUser()?.email ?? null;
  const reflection = detail?.reflection ?? null;

  const summary = useEditorDrafts<ReflectionEdit>({
    tool: DRAFT_TOOL,
    user: email,
    parse: parseEdit,
    save: async (_id, edit) => {
      if (!reflection) throw new Error('The reflection is not loaded');
      if (!isValid(validateReflectionEdit(edit))) throw refused();
      const saved = await updateReflection(reflection.id, reflectionInputOf(reflection, edit));
      setDetail((current) => (current ? { ...current, reflection: saved } : current));
      // Emptied by hand: the reflection has no summary any more, and Clarify is offered again.
      if (!hasContent(saved)) setFlag(false);
    },
    basedOn: () => reflection?.updatedAt ?? null,
  });

  const takeaways = useEditorDrafts<TakeawayText>({
    tool: DRAFT_TOOL,
    user: email,
    parse: parseTakeaway,
    save: async (id, input) => {
      if (!isValid(validateTakeaway(input))) throw refused();
      const saved = await updateTakeaway(id.slice('takeaway.'.length), takeawayInputOf(input));
      setDetail((current) =>
        current
          ? { ...current, takeaways: current.takeaways.map((item) => (item.id === saved.id ? saved : item)) }
          : current,
      );
    },
    basedOn: (id) => detail?.takeaways.find((item) => takeawayDraftId(item.id) === id)?.updatedAt ?? null,
  });

  // Each item's draft is settled once, when it is first shown.
  const { settle: settleSummary } = summary;
  const { settle: settleTakeaway } = takeaways;
  useEffect(() => {
    if (!detail) return;
    settleSummary(reflectionDraftId(detail.reflection.id), {
      value: editOf(detail.reflection),
      version: detail.reflection.updatedAt,
    });
    for (const item of detail.takeaways)
      settleTakeaway(takeawayDraftId(item.id), { value: takeawayTextOf(item), version: item.updatedAt });
  }, [detail, settleSummary, settleTakeaway]);

  return {
    state: combineSaveStates([summary.state, takeaways.state]),
    summary: summary.item,
    takeaway: takeaways.item,
  };
}
