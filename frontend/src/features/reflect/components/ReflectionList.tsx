import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReflectionListItem as Item } from '@clari/contracts';
import { useDeleteReflection, useReflectionList } from '../api/reflect-queries';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ReflectionListItem } from './ReflectionListItem';

/** The previous reflections (part 2 §2): loading, failed, empty, or the entries a page at a time. */
export function ReflectionList() {
  const { t } = useReflectLabels();
  const list = useReflectionList();
  const remove = useDeleteReflection();
  const [deleting, setDeleting] = useState<Item | null>(null);
  /** Where the keyboard focus goes when the focused reflection has been deleted. */
  const heading = useRef<HTMLHeadingElement>(null);
  const reflections = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const firstLoadFailed = list.isError && !list.data;

  useEffect(() => {
    // Part 2 §8: logged; the user is told and can try again.
    if (list.isError) console.error('Failed to fetch reflections', list.error);
  }, [list.isError, list.error]);

  const confirmDelete = () => {
    const reflection = deleting;
    setDeleting(null);
    if (!reflection) return;
    remove.mutate(reflection.id, {
      onSuccess: () => heading.current?.focus(),
      // Part 2 §8: a failed delete is logged and nothing is removed.
      onError: (error) => console.error(`Failed to delete reflection ${reflection.id}`, error),
    });
  };
  const askToDelete = useCallback((reflection: Item) => setDeleting(reflection), []);

  return (
    <Box component="section" aria-labelledby="reflect-list-heading" aria-busy={list.isPending}>
      <Typography id="reflect-list-heading" ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t('list.heading')}
      </Typography>
      {list.isPending && (
        <Typography role="status" color="text.secondary">
          {t('list.loading')}
        </Typography>
      )}
      {firstLoadFailed && (
        <Alert
          severity="error"
          data-testid="reflections-failed"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('list.retry')}
            </Button>
          }
        >
          {t('list.failed')}
        </Alert>
      )}
      {list.isSuccess && reflections.length === 0 && (
        <Typography color="text.secondary" data-testid="reflections-empty">
          {t('list.empty')}
        </Typography>
      )}
      {reflections.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="reflection-list">
          {reflections.map((reflection) => (
            <ReflectionListItem key={reflection.id} reflection={reflection} onDelete={askToDelete} />
          ))}
        </Stack>
      )}
      {list.isFetchNextPageError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="reflections-more-failed">
          {t('list.moreFailed')}
        </Alert>
      )}
      {list.hasNextPage && !firstLoadFailed && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            data-testid="reflections-more"
          >
            {list.isFetchingNextPage ? t('list.loadingMore') : t('list.more')}
          </Button>
        </Box>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        kind="reflection"
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
