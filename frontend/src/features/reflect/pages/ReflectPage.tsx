import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import type { ReflectTopicId } from '@clari/contracts';
import { ReflectionList } from '../components/ReflectionList';
import { TopicPicker } from '../components/TopicPicker';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { reflectPaths } from '../reflect-paths';

/** /reflect: the nine topics, then the previous reflections (part 2 §2 "Reflect topic selection"). */
export default function ReflectPage() {
  const { t } = useReflectLabels();
  const navigate = useNavigate();
  const choose = (topic: ReflectTopicId) => navigate(reflectPaths.newTopic(topic));

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

        <ReflectionList />
      </Stack>
    </Container>
  );
}
