import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  LIFE_AREAS,
  VALUE_EXPLORER_LIMITS,
  areaProgress,
  isAreaFilled,
  overallProgress,
  type LifeAreaId,
} from '@clari/contracts';
import { OnDemandConfirmDialog } from '../../../components/OnDemandConfirmDialog';
import { PageSpinner } from '../../../components/PageSpinner';
import { useToast } from '../../../components/ToastProvider';
import { clearAreaConversation } from '../api/value-explorer-api';
import { AreaIcon } from '../components/AreaIcon';
import { LoadFailed } from '../components/LoadFailed';
import { SaveStatus } from '../components/SaveStatus';
import { useLabels } from '../hooks/useLabels';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';
import { withArea, withoutArea } from '../value-explorer-data';
import { valueExplorerPaths } from '../value-explorer-paths';

/**
 * The page's frame: title and introduction, with the save status beside them once there is data
 * to save, and below them the areas (or the spinner while the data loads).
 */
function AreasFrame({ loaded, children }: { loaded: boolean; children: ReactNode }) {
  const { t } = useLabels();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
        >
          <Box>
            <Typography variant="h1" sx={{ mb: 1 }}>
              {t('areasPage.title')}
            </Typography>
            <Typography color="text.secondary">{t('areasPage.intro')}</Typography>
          </Box>
          {loaded && <SaveStatus />}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** /valueexplorer/areas: ten life areas, filled first, with progress and removal. */
export default function AreasPage() {
  const { t, areaName, areaDescription } = useLabels();
  const { data, loadState, update, setEditedArea } = useValueExplorer();
  const navigate = useNavigate();
  const toast = useToast();
  const [removing, setRemoving] = useState<LifeAreaId | null>(null);
  const cancelRemove = useCallback(() => setRemoving(null), []);

  if (loadState === 'error') return <LoadFailed />;
  // The heading shows at once; the areas come with the data.
  if (loadState === 'loading')
    return (
      <AreasFrame loaded={false}>
        <PageSpinner />
      </AreasFrame>
    );

  const filled = LIFE_AREAS.filter((area) => isAreaFilled(data, area));
  const ordered = [...filled, ...LIFE_AREAS.filter((area) => !filled.includes(area))];
  const overall = overallProgress(data);

  const open = (area: LifeAreaId) => {
    if (!data.lifeAreas.includes(area) && data.lifeAreas.length >= VALUE_EXPLORER_LIMITS.lifeAreas.max) {
      toast(t('validation.areas_max'), 'error');
      return;
    }
    update((current) => withArea(current, area));
    setEditedArea(area);
    navigate(valueExplorerPaths.edit);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const area = removing;
    setRemoving(null);
    try {
      await clearAreaConversation(area);
    } catch (error) {
      // part 1 §4: a failed clear is logged and the removal goes on.
      console.error('Failed to clear the conversation of', area, error);
    }
    update((current) => withoutArea(current, area));
    toast(t('areasPage.removed', { area: areaName(area) }), 'success');
  };

  return (
    <AreasFrame loaded>
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography id="overall-progress-label" sx={{ fontWeight: 600 }}>
            {t('areasPage.overall')}
          </Typography>
          <Typography data-testid="overall-progress">{t('areasPage.progress', { percent: overall })}</Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={overall}
          aria-labelledby="overall-progress-label"
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {ordered.map((area) => {
          const isFilled = filled.includes(area);
          const chosen = data.lifeAreas.includes(area);
          const progress = areaProgress(data, area);
          const name = areaName(area);
          return (
            <Card
              key={area}
              data-testid={`area-card-${area}`}
              data-filled={isFilled}
              sx={(theme) => ({
                position: 'relative',
                borderColor: isFilled ? 'primary.main' : undefined,
                boxShadow: isFilled ? `inset 0 0 0 1px ${theme.palette.primary.main}` : undefined,
              })}
            >
              {/* A button centres its content vertically: as a top-aligned column, every card's title sits on the same line in a row (the filled card's second border line is a shadow, so it moves nothing). */}
              <CardActionArea
                onClick={() => open(area)}
                sx={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  justifyContent: 'flex-start',
                }}
              >
                <CardContent sx={{ pr: isFilled ? 7 : 2, width: '100%' }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                    <AreaIcon area={area} color="primary" />
                    <Typography variant="h3" component="h2">
                      {name}
                    </Typography>
                  </Stack>
                  <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
                    {areaDescription(area)}
                  </Typography>
                  {(isFilled || chosen) && (
                    <Stack spacing={1}>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                        {isFilled ? (
                          <Chip size="small" color="primary" icon={<CheckCircle />} label={t('areasPage.filled')} />
                        ) : (
                          <Chip size="small" variant="outlined" label={t('areasPage.chosen')} />
                        )}
                        {(['values', 'goals', 'obstacles'] as const).map((step) => (
                          <Chip
                            key={step}
                            size="small"
                            variant={progress[step] ? 'filled' : 'outlined'}
                            label={t(`areasPage.steps.${step}`)}
                          />
                        ))}
                      </Stack>
                      <LinearProgress
                        variant="determinate"
                        value={progress.percentComplete}
                        aria-label={`${name}: ${t('areasPage.progress', { percent: progress.percentComplete })}`}
                      />
                      <Typography variant="body2" data-testid={`area-progress-${area}`}>
                        {t('areasPage.progress', { percent: progress.percentComplete })}
                      </Typography>
                    </Stack>
                  )}
                </CardContent>
              </CardActionArea>
              {isFilled && (
                <Tooltip title={t('areasPage.remove', { area: name })}>
                  <IconButton
                    aria-label={t('areasPage.remove', { area: name })}
                    onClick={() => setRemoving(area)}
                    sx={{ position: 'absolute', top: 8, right: 8 }}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              )}
            </Card>
          );
        })}
      </Box>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<AutoAwesomeOutlined />}
          disabled={filled.length === 0}
          onClick={() => navigate(valueExplorerPaths.summary, { replace: true, state: { generate: true } })}
        >
          {t('areasPage.generateSummary')}
        </Button>
        {filled.length === 0 && (
          // Step 2's rule (part 1 §5) while no area is chosen, then what the summary needs.
          <Typography color="text.secondary" data-testid="summary-hint">
            {data.lifeAreas.length === 0 ? t('validation.areas_min') : t('areasPage.summaryHint')}
          </Typography>
        )}
      </Stack>

      <OnDemandConfirmDialog
        open={removing !== null}
        title={t('areasPage.removeTitle')}
        message={removing ? t('areasPage.removeMessage', { area: areaName(removing) }) : ''}
        cancelLabel={t('areasPage.cancel')}
        confirmLabel={t('areasPage.confirm')}
        onCancel={cancelRemove}
        onConfirm={() => void confirmRemove()}
      />
    </AreasFrame>
  );
}
