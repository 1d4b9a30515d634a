import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { createReflection } from '../api/reflect-api';
import { reflectKeys } from '../api/reflect-queries';
import { createOnce, resetCreation } from '../logic/create-once';
import { placeholderReflection } from '../logic/titles';
import { reflectPaths } from '../reflect-paths';

/**
 * New topic: creates the placeholder once per history entry (`creationKey`), then replaces the
 * route with the reflection's; a failure goes back to the list.
 */
export function useCreateReflectionOnce({
  creating,
  creationKey,
  topicId,
}: {
  creating: boolean;
  creationKey: string;
  topicId?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
}
