import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { REFLECT_TOPICS, type ReflectTopicId } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';

/**
 * The nine topic buttons with their emoji (part 2 §2). A click disables all of them (part 2
 * §4 "Reflection start"), so a second click cannot start a second reflection.
 */
export function TopicPicker({ onChoose, labelledBy }: { onChoose(topic: ReflectTopicId): void; labelledBy?: string }) {
  const { topicName, topicEmoji } = useReflectLabels();
  const [chosen, setChosen] = useState<ReflectTopicId | null>(null);

  const choose = (topic: ReflectTopicId) => {
    if (chosen) return;
    setChosen(topic);
    onChoose(topic);
  };

  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {REFLECT_TOPICS.map((topic) => (
        <li key={topic}>
          <Button
            variant={chosen === topic ? 'contained' : 'outlined'}
            fullWidth
            size="large"
            disabled={chosen !== null}
            onClick={() => choose(topic)}
            data-testid={`topic-${topic}`}
            sx={{
              justifyContent: 'flex-start',
              py: 1.5,
              px: 2,
              gap: 1.5,
              bgcolor: chosen === topic ? undefined : 'background.paper',
              fontSize: '1.05rem',
            }}
          >
            <Box component="span" aria-hidden="true" sx={{ fontSize: '1.6rem', lineHeight: 1 }}>
              {topicEmoji(topic)}
            </Box>
            {topicName(topic)}
          </Button>
        </li>
      ))}
    </Box>
  );
}
