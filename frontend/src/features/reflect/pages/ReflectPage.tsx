import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Reflection, ReflectTopicId } from '@clari/contracts';
import { deleteReflection, listReflections } from '../api/reflect-api';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { ReflectionChips } from '../components/ReflectionChips';
import { TopicPicker } from '../components/TopicPicker';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { discardsSettled } from '../placeholder-cleanup';
import { displayTitle, isUntouchedPlaceholder } from '../reflect-logic';
import { reflectPaths } from '../reflect-paths';

type ListState = { status: 'loading' } | { status: 'loaded'; reflections: Reflection[] } | { status: 'failed' };

/** /reflect: the nine topics, then the previous reflections (part 2 §2 "Reflect topic selection"). */
export default function ReflectPage() {
  const { t, topicName, topicEmoji, formatDate } = useReflectLabels();
  const navigate = useNavigate();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [deleting, setDeleting] = useState<Reflection | null>(null);
  /** Where the keyboard focus goes when the focused reflection has been deleted. */
  const listHeading = useRef<HTMLHeadingElement>(null);

  /** Counts the loads; Retry raises it to load again. */
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    // An untouched placeholder the user just left is being deleted: the list waits for that.
    discardsSettled()
      .then(() => listReflections())
      .then((reflections) => active && setList({ status: 'loaded', reflections }))
      .catch((error: unknown) => {
        // Part 2 §8: logged; the user is told and can try again.
        console.error('Failed to fetch reflections', error);
        if (active) setList({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = () => {
    setList({ status: 'loading' });
    setAttempt((count) => count + 1);
  };

  const choose = (topic: ReflectTopicId) => navigate(reflectPaths.newTopic(topic));

  const confirmDelete = async () => {
    const reflection = deleting;
    setDeleting(null);
    if (!reflection) return;
    try {
      await deleteReflection(reflection.id);
      setList((current) => (current.status === 'loaded' ? { ...current, reflections: current.reflections.filter((item) => item.id !== reflection.id) } : current));
      listHeading.current?.focus();
    } catch (error) {
      // Part 2 §8: a failed delete is logged and nothing is removed.
      console.error(`Failed to delete reflection ${reflection.id}`, error);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 1, md: 2 } }}>
      <Stack spacing={4}>
        <Box>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: '70ch' }}>
            {t('intro')}
          </Typography>
        </Box>

        <Box component="section" aria-labelledby="reflect-topics-heading">
          <Typography id="reflect-topics-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
            {t('topics.heading')}
          </Typography>
          <TopicPicker onChoose={choose} labelledBy="reflect-topics-heading" />
        </Box>

        <Box component="section" aria-labelledby="reflect-list-heading" aria-busy={list.status === 'loading'}>
          <Typography id="reflect-list-heading" ref={listHeading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
            {t('list.heading')}
          </Typography>
          {list.status === 'loading' && (
            <Typography role="status" color="text.secondary">
              {t('list.loading')}
            </Typography>
          )}
          {list.status === 'failed' && (
            <Alert
              severity="error"
              data-testid="reflections-failed"
              action={
                <Button color="inherit" size="small" onClick={retry}>
                  {t('list.retry')}
                </Button>
              }
            >
              {t('list.failed')}
            </Alert>
          )}
          {list.status === 'loaded' && list.reflections.length === 0 && (
            <Typography color="text.secondary" data-testid="reflections-empty">
              {t('list.empty')}
            </Typography>
          )}
          {list.status === 'loaded' && list.reflections.length > 0 && (
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="reflection-list">
              {list.reflections.map((reflection) => {
                const title = displayTitle(reflection, topicName);
                return (
                  <Card component="li" key={reflection.id} data-testid="reflection-item" sx={{ position: 'relative' }}>
                    <CardActionArea component={RouterLink} to={reflectPaths.reflection(reflection.id)} sx={{ pr: 7 }}>
                      <CardContent>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                          <Box component="span" aria-hidden="true" sx={{ fontSize: '1.6rem', lineHeight: 1.2 }}>
                            {topicEmoji(reflection.topic)}
                          </Box>
                          <Stack spacing={0.75} sx={{ minWidth: 0 }}>
                            <Typography variant="h3" component="h3" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
                              {title}
                            </Typography>
                            <Typography variant="body2" color="text.secondary">
                              <time dateTime={reflection.createdAt}>{t('list.created', { date: formatDate(reflection.createdAt) })}</time>
                            </Typography>
                            {isUntouchedPlaceholder(reflection) && <Chip size="small" variant="outlined" label={t('list.draft')} sx={{ alignSelf: 'flex-start' }} data-testid="reflection-draft" />}
                            <ReflectionChips lifeAreas={reflection.lifeAreas} tags={reflection.tags} />
                          </Stack>
                        </Stack>
                      </CardContent>
                    </CardActionArea>
                    <Tooltip title={t('list.delete', { title })}>
                      <IconButton aria-label={t('list.delete', { title })} onClick={() => setDeleting(reflection)} sx={{ position: 'absolute', top: 8, right: 8 }}>
                        <CloseIcon />
                      </IconButton>
                    </Tooltip>
                  </Card>
                );
              })}
            </Stack>
          )}
        </Box>
      </Stack>

      <ConfirmDeleteDialog open={deleting !== null} kind="reflection" onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Container>
  );
}
