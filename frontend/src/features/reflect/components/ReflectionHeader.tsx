import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Reflection, ReflectTopicId } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { displayTitle, headingOf } from '../logic/titles';
import { reflectPaths } from '../reflect-paths';

/** Back to the list, the topic's emoji and the reflection's heading (part 2 §2). */
export function ReflectionHeader({
  reflection,
  topic,
}: {
  reflection: Reflection | null;
  topic: ReflectTopicId | null;
}) {
  const { t, topicName, topicEmoji } = useReflectLabels();
  const heading = headingOf({ reflection, topic, topicName, fallback: t('newReflection') });
  // A title of the user's own hides the topic, so the topic's name is shown above it.
  const topicLine =
    topic && reflection && displayTitle(reflection, topicName) !== topicName(topic) ? topicName(topic) : null;

  return (
    <>
      <Box>
        <Button component={RouterLink} to={reflectPaths.list} startIcon={<ArrowBack />} sx={{ ml: -1 }}>
          {t('screen.back')}
        </Button>
      </Box>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {topic && (
          <Box component="span" aria-hidden="true" sx={{ fontSize: '2.6rem', lineHeight: 1 }}>
            {topicEmoji(topic)}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          {topicLine && (
            <Typography color="text.secondary" sx={{ fontWeight: 600 }} data-testid="topic-line">
              {topicLine}
            </Typography>
          )}
          <Typography variant="h1" data-testid="reflection-heading" sx={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
        </Box>
      </Stack>
    </>
  );
}
