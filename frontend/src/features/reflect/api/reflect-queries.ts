import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReflectionDetail, ReflectionListPage } from '@clari/contracts';
import { discardsSettled } from '../placeholder-cleanup';
import { deleteReflection, getReflection, listReflections } from './reflect-api';

/** Cache keys of Reflect's server state. */
export const reflectKeys = {
  all: ['reflect'] as const,
  list: () => [...reflectKeys.all, 'list'] as const,
  detail: (id: string) => [...reflectKeys.all, 'detail', id] as const,
};

type ListData = InfiniteData<ReflectionListPage, string | null>;

/** The list of reflections, a page at a time (newest first); the next page loads on request. */
export function useReflectionList() {
  return useInfiniteQuery({
    queryKey: reflectKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      // An untouched placeholder the user just left is being deleted: the list waits for that.
      await discardsSettled();
      return listReflections(pageParam, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Reflections change on other screens (Clari's summaries, edits): shown from the cache, then checked.
    staleTime: 0,
  });
}

/** The whole reflection, for the reflection screen. */
export const reflectionDetailQuery = (id: string) => ({
  queryKey: reflectKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => getReflection(id, signal),
});

/** Takes a reflection out of the cached list at once (deleted, or being deleted as an unused placeholder). */
export function removeFromList(client: QueryClient, id: string): void {
  client.setQueryData<ListData>(
    reflectKeys.list(),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })),
      },
  );
}

/** A reflection changed: its detail is cached as saved, and the list is read again when next shown. */
export function reflectionSaved(client: QueryClient, detail: ReflectionDetail): void {
  client.setQueryData(reflectKeys.detail(detail.reflection.id), detail);
  void client.invalidateQueries({ queryKey: reflectKeys.list() });
}

/** Deletes a reflection; the list drops it only once the server has. */
export function useDeleteReflection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReflection(id),
    onSuccess: (_answer, id) => {
      removeFromList(client, id);
      client.removeQueries({ queryKey: reflectKeys.detail(id) });
    },
  });
}
