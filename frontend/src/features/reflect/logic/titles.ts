import {
  placeholderTitle,
  reflectTopicOr,
  type Reflection,
  type ReflectionInput,
  type ReflectTopicId,
} from '@clari/contracts';

/** The placeholder reflection of a topic (part 2 §4 "Reflection start"); an unknown topic is open_ended. */
export function placeholderReflection(topicId: string | undefined): Required<ReflectionInput> {
  const topic = reflectTopicOr(topicId);
  return { title: placeholderTitle(topic), content: '', topic, lifeAreas: [], tags: [] };
}

/**
 * The title to show. The stored placeholder title is English ("Your Day", as part 2 §4 asks);
 * while it is untouched, the topic's name in the user's language is shown instead.
 */
export function displayTitle(
  reflection: Pick<Reflection, 'title' | 'topic'>,
  topicName: (topic: ReflectTopicId) => string,
): string {
  const title = reflection.title.trim();
  if (!title || title === placeholderTitle(reflection.topic)) return topicName(reflection.topic);
  return title;
}

/** Part 2 §2: the reflection's title, else the localized topic title, else 'New Reflection'. */
export function headingOf({
  reflection,
  topic,
  topicName,
  fallback,
}: {
  reflection: Pick<Reflection, 'title' | 'topic'> | null;
  topic: ReflectTopicId | null;
  topicName: (topic: ReflectTopicId) => string;
  fallback: string;
}): string {
  if (reflection) return displayTitle(reflection, topicName);
  if (topic) return topicName(topic);
  return fallback;
}
