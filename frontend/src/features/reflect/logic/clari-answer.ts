import {
  isLifeArea,
  type ChatResponse,
  type Reflection,
  type ReflectionAiResultRequest,
  type ReflectConversationData,
  type Takeaway,
} from '@clari/contracts';

/* Clari's answer: what of it is saved, and what the chat sends along with the next message. */

/** Whether a reply carries something to save through PUT …/ai-result. */
export function hasAiResult(response: Pick<ChatResponse, 'reflection_summary' | 'takeaways'>): boolean {
  return !!response.reflection_summary || Array.isArray(response.takeaways);
}

/**
 * The ai-result body: reflection_summary and takeaways as they came, field by field (the API
 * refuses unknown fields, so nothing else the reply might carry is passed on).
 */
export function aiResultRequest(
  response: Pick<ChatResponse, 'reflection_summary' | 'takeaways'>,
): ReflectionAiResultRequest {
  const body: ReflectionAiResultRequest = {};
  const summary = response.reflection_summary;
  if (summary) {
    body.reflection_summary = {
      title: summary.title,
      content: summary.content,
      // The chat handler already drops unknown areas; the API would refuse one with a 400.
      lifeAreas: summary.lifeAreas.filter(isLifeArea),
      tags: summary.tags,
    };
  }
  if (Array.isArray(response.takeaways)) {
    body.takeaways = response.takeaways.map(({ id, title, content }) => ({
      ...(id !== undefined && id !== null ? { id } : {}),
      title,
      content: content ?? '',
    }));
  }
  return body;
}

/** The last message the user sent, from a reply's history. */
export function lastUserMessage(history: ChatResponse['history'] | undefined): string | undefined {
  if (!Array.isArray(history)) return undefined;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    if (history[index].role === 'user') return history[index].content;
  }
  return undefined;
}

/** conversationData of reflect_topic (part 2 §3); the thread is the reflection's id. */
export function conversationDataOf({
  reflection,
  takeaways,
  flag,
  lastMessage,
}: {
  reflection: Reflection;
  takeaways: readonly Takeaway[];
  flag: boolean;
  lastMessage?: string;
}): ReflectConversationData {
  const { id, title, content, topic, lifeAreas, tags } = reflection;
  return {
    topic,
    reflectionId: id,
    area: id,
    existingReflection: { id, title, content, topic, lifeAreas, tags },
    existingTakeaways: takeaways.map((takeaway) => ({
      id: takeaway.id,
      title: takeaway.title,
      content: takeaway.content,
    })),
    reflection_has_summary: flag,
    ...(lastMessage !== undefined ? { lastUserMessage: lastMessage } : {}),
  };
}
