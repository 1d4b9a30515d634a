import type { ReflectTopicId } from '@clari/contracts';
import { paths } from '../../config/paths';

/** Reflect's SPA routes (part 2 §2); the API's /reflect/reflections… calls sit beside them. */
export const reflectPaths = {
  list: paths.reflect,
  newTopic: (topic: ReflectTopicId) => `${paths.reflect}/new_topic/${topic}`,
  reflection: (id: string) => `${paths.reflect}/id/${encodeURIComponent(id)}`,
} as const;
