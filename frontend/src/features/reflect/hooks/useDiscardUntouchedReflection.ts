import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ReflectionDetail } from '@clari/contracts';
import { conversationKey, conversationStore } from '../../../components/assistant/conversation-store';
import { reflectKeys, removeFromList } from '../api/reflect-queries';
import { discardReflection, keepReflection } from '../placeholder-cleanup';
import { discardOnLeave } from '../logic/untouched-placeholder';

/**
 * Leaving a placeholder the user did nothing with deletes it, so topic clicks that led nowhere
 * leave no empty reflections in the list.
 */
export function useDiscardUntouchedReflection({
  reflectionId,
  detail,
  createdHere,
}: {
  reflectionId?: string;
  detail: ReflectionDetail | null;
  createdHere: boolean;
}) {
  const queryClient = useQueryClient();
  // Read on leaving, so the effect below need not run again whenever the reflection changes.
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
      if (
        discardOnLeave({ reflection: shown?.reflection ?? null, takeaways: shown?.takeaways ?? [], chat, createdHere })
      ) {
        discardReflection(reflectionId, () => {
          removeFromList(queryClient, reflectionId);
          queryClient.removeQueries({ queryKey: reflectKeys.detail(reflectionId) });
        });
      }
    };
  }, [reflectionId, createdHere, queryClient]);
}
