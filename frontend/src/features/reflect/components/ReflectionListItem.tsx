import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ReflectionListItem as Item } from '@clari/contracts';
import { useReflectLabels } from '../hooks/useReflectLabels';
import { displayTitle } from '../logic/titles';
import { isUntouchedPlaceholder } from '../logic/untouched-placeholder';
import { reflectPaths } from '../reflect-paths';
import { ReflectionChips } from './ReflectionChips';

/**
 * One entry of the list (part 2 §2): emoji, title, short date, chips and a delete button.
 * Memoised, so loading another page renders only its new entries, however long the list is.
 */
export const ReflectionListItem = memo(function ReflectionListItem({
  reflection,
  onDelete,
}: {
  reflection: Item;
  onDelete(reflection: Item): void;
}) {
  const { t, topicName, topicEmoji, formatDate } = useReflectLabels();
  const title = displayTitle(reflection, topicName);
  // The excerpt is empty exactly when the content has no words: enough to tell a draft.
  const draft = isUntouchedPlaceholder({ ...reflection, content: reflection.excerpt });
  return (
    <Card component="li" data-testid="reflection-item" sx={{ position: 'relative' }}>
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
                <time dateTime={reflection.createdAt}>
                  {t('list.created', { date: formatDate(reflection.createdAt) })}
                </time>
              </Typography>
              {reflection.excerpt && (
                <Typography
                  variant="body2"
                  sx={{
                    overflowWrap: 'anywhere',
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                  data-testid="reflection-excerpt"
                >
                  {reflection.excerpt}
                </Typography>
              )}
              {draft && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('list.draft')}
                  sx={{ alignSelf: 'flex-start' }}
                  data-testid="reflection-draft"
                />
              )}
              <ReflectionChips lifeAreas={reflection.lifeAreas} tags={reflection.tags} />
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
      <Tooltip title={t('list.delete', { title })}>
        <IconButton
          aria-label={t('list.delete', { title })}
          onClick={() => onDelete(reflection)}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </Tooltip>
    </Card>
  );
});
