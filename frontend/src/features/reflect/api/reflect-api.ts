import type {
  Reflection,
  ReflectionAiResultRequest,
  ReflectionDetail,
  ReflectionInput,
  ReflectionListPage,
  ReflectDeleteResponse,
  Takeaway,
  TakeawayInput,
} from '@clari/contracts';
import { apiPaths } from '../../../config/api-paths';
import { api } from '../../../lib/api';

// Part 2 §7: Reflect's calls have no /api prefix. `api` asks for JSON, which is how the server
// tells them apart from a browser opening the SPA's /reflect/... routes.
const BASE = '/reflect';
// The same address the first load may already have asked for (config/api-paths.ts).
const reflectionUrl = apiPaths.reflection;
const takeawayUrl = (id: string) => `${BASE}/takeaways/${encodeURIComponent(id)}`;

/** Reflections the list shows per page: a screenful or two; more come with "Show more". */
export const LIST_PAGE_SIZE = 30;

/** One page of the list (newest first); `cursor` is the previous page's nextCursor. */
export function listReflections(cursor: string | null, signal?: AbortSignal): Promise<ReflectionListPage> {
  const query = new URLSearchParams({ limit: String(LIST_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return api<ReflectionListPage>(`${BASE}/reflections?${query}`, { signal });
}

/** The whole reflection with its takeaways: what the reflection screen shows and edits. */
export function getReflection(id: string, signal?: AbortSignal): Promise<ReflectionDetail> {
  return api<ReflectionDetail>(reflectionUrl(id), { signal });
}

export function createReflection(input: ReflectionInput): Promise<Reflection> {
  return api<Reflection>(`${BASE}/reflections`, { method: 'POST', body: input });
}

export function updateReflection(id: string, input: ReflectionInput): Promise<Reflection> {
  return api<Reflection>(reflectionUrl(id), { method: 'PUT', body: input });
}

export function deleteReflection(id: string): Promise<ReflectDeleteResponse> {
  return api<ReflectDeleteResponse>(reflectionUrl(id), { method: 'DELETE' });
}

/** Saves Clari's reflection_summary and takeaways in one transaction (part 2 §4 "Takeaway reconciliation"). */
export function saveAiResult(id: string, body: ReflectionAiResultRequest): Promise<ReflectionDetail> {
  return api<ReflectionDetail>(`${reflectionUrl(id)}/ai-result`, { method: 'PUT', body });
}

export function updateTakeaway(id: string, input: TakeawayInput): Promise<Takeaway> {
  return api<Takeaway>(takeawayUrl(id), { method: 'PUT', body: input });
}

export function deleteTakeaway(id: string): Promise<ReflectDeleteResponse> {
  return api<ReflectDeleteResponse>(takeawayUrl(id), { method: 'DELETE' });
}
