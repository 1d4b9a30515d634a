import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ReflectionDetail } from '@clari/contracts';
import { reflectionDetailQuery, reflectionSaved } from '../api/reflect-queries';
import { hasContent } from '../logic/summary-flag';
import { reflectPaths } from '../reflect-paths';

/**
 * An existing reflection with its takeaways, loaded once (from the cache when it was just shown),
 * and its summary flag (reflection_has_summary, part 2 §4). A failed load goes back to the list.
 * From then on the page holds the reflection and keeps the cache in step.
 */
export function useReflectionDetail(reflectionId: string | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<ReflectionDetail | null>(null);
  const [flag, setFlag] = useState(false);

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

  return { detail, setDetail, flag, setFlag };
}
