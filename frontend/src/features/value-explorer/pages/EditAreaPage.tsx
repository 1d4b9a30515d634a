import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  isAreaFilled,
  isLanguage,
  stepViolation,
  VALUE_EXPLORER_LIMITS,
  VALUE_EXPLORER_STEPS,
  type ChatResponse,
  type LifeAreaId,
} from '@clari/contracts';
import { LazyChatPanel } from '../../../components/assistant/LazyChatPanel';
import { AreaIcon } from '../components/AreaIcon';
import { AddByHand } from '../components/AddByHand';
import { GoalItem } from '../components/GoalItem';
import { LoadFailed } from '../components/LoadFailed';
import { SaveStatus } from '../components/SaveStatus';
import { useLabels } from '../hooks/useLabels';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';
import {
  applyChatUpdates,
  goalLimit,
  goalsOf,
  removeGoal,
  removeObstacle,
  removeValue,
  updateGoal,
  withoutArea,
  type GoalKind,
} from '../value-explorer-data';
import { valueExplorerPaths } from '../value-explorer-paths';

/** The stepwise checks answer the spec's English copy; the SPA shows it in the user's language. */
const STEP_CODES: Record<string, string> = {
  [VALUE_EXPLORER_LIMITS.valuesPerArea.message]: 'values',
  [VALUE_EXPLORER_LIMITS.shortTermGoalLength.message]: 'short_goal_too_long',
  [VALUE_EXPLORER_LIMITS.longTermGoalLength.message]: 'long_goal_too_long',
  [VALUE_EXPLORER_LIMITS.obstaclesPerArea.message]: 'obstacles_max',
  [VALUE_EXPLORER_LIMITS.obstacleTextLength.message]: 'obstacle_too_long',
};

const GOAL_STYLE: Record<GoalKind, { bg: string; border: string }> = {
  shortTermGoal: { bg: '#fff8e1', border: '#f9a825' },
  longTermGoal: { bg: '#fff3e0', border: '#ef6c00' },
};

/** /valueexplorer/edit: one area with Clari (large) and the area's values, goals and obstacles. */
export default function EditAreaPage() {
  const { t, areaName, areaDescription, valueLabel, obstacleLabel, reason } = useLabels();
  const { i18n } = useTranslation();
  const { data, loadState, update, editedArea, contextSwitched, setEditedArea, phase, setPhase } = useValueExplorer();
  const navigate = useNavigate();
  const [stepError, setStepError] = useState<string | null>(null);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const area = editedArea;

  const back = () => {
    // An area opened and left empty is not kept as chosen: it would count against the 8.
    if (area && !isAreaFilled(data, area)) update((current) => withoutArea(current, area));
    setEditedArea(null);
    navigate(valueExplorerPaths.areas);
  };

  const onReply = useCallback(
    (response: ChatResponse) => {
      if (area) update((current) => applyChatUpdates(current, area, response.updates));
    },
    [area, update],
  );

  const values = area ? (data.selectedValues[area] ?? []) : [];
  const goals = area ? goalsOf(data, area) : { shortTermGoal: [], longTermGoal: [] };
  const obstacles = area ? (data.obstacles[area] ?? []) : [];
  const conversationData = useMemo(
    () =>
      area
        ? {
            area: { id: area, name: areaName(area), description: areaDescription(area) },
            contextSwitched,
            currentPhase: phase,
            selectedValues: values,
            goals,
            obstacles,
          }
        : {},
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language, which `language` covers
    [area, contextSwitched, phase, values, goals, obstacles, language],
  );

  if (loadState === 'loading') return <Typography sx={{ p: 4 }}>{t('edit.loading')}</Typography>;
  if (loadState === 'error') return <LoadFailed />;
  if (!area) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('edit.noArea')}</Typography>
          <Button component={RouterLink} to={valueExplorerPaths.areas} variant="contained">
            {t('edit.chooseArea')}
          </Button>
        </Stack>
      </Container>
    );
  }

  const next = () => {
    // Stepwise checks of part 1 §4/§5 (values, goals, obstacles) for the area being edited.
    const areaOnly = { ...data, lifeAreas: [area] as LifeAreaId[] };
    const violation = [VALUE_EXPLORER_STEPS.values, VALUE_EXPLORER_STEPS.goals, VALUE_EXPLORER_STEPS.obstacles]
      .map((step) => stepViolation(step, areaOnly))
      .find(Boolean);
    if (violation) {
      setStepError(t(`validation.${STEP_CODES[violation] ?? 'values'}`));
      return;
    }
    if (goals.shortTermGoal.length + goals.longTermGoal.length === 0) {
      setStepError(t('validation.values_and_goal'));
      return;
    }
    navigate(valueExplorerPaths.summary);
  };

  const saveGoal = (kind: GoalKind, index: number) => (text: string) => {
    const result = updateGoal(data, area, kind, index, text);
    if (!result.ok) return reason(result.reason);
    update(() => result.data);
    return null;
  };

  const hasContent = isAreaFilled(data, area);
  const name = areaName(area);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack spacing={3}>
        {/* On a phone the status has a line of its own: its words change length ("Inte sparat än", "Alla ändringar är
            sparade"), and beside the back link a longer one would wrap and move the page. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 1 }}
        >
          <Button startIcon={<ArrowBack />} onClick={back}>
            {t('edit.back')}
          </Button>
          <SaveStatus />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <AreaIcon area={area} color="primary" sx={{ fontSize: 44 }} />
          <Box>
            <Typography variant="h1">{name}</Typography>
            <Typography color="text.secondary">{areaDescription(area)}</Typography>
          </Box>
        </Stack>

        <Typography color="text.secondary">{t('edit.chatIntro')}</Typography>
        <LazyChatPanel
          conversationDomain="valueexplorer_lifearea"
          conversationData={conversationData}
          language={language}
          size="large"
          onReply={onReply}
          onPhaseChange={setPhase}
          loadingLabel={t('edit.loading')}
        />

        {hasContent ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
            {values.length > 0 && (
              <Card data-testid="values-card">
                <CardContent>
                  <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                    {t('edit.valuesTitle')}
                  </Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {values.map((value) => (
                      <Chip
                        key={value}
                        label={valueLabel(value)}
                        color="primary"
                        onDelete={() => update((current) => removeValue(current, area, value))}
                        deleteIcon={<CancelOutlined titleAccess={t('edit.removeItem', { item: valueLabel(value) })} />}
                      />
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            )}
            {(['shortTermGoal', 'longTermGoal'] as const).map((kind) =>
              goals[kind].length > 0 ? (
                <Card
                  key={kind}
                  data-testid={kind === 'shortTermGoal' ? 'short-goals-card' : 'long-goals-card'}
                  sx={{ bgcolor: GOAL_STYLE[kind].bg, borderColor: GOAL_STYLE[kind].border, borderWidth: 2 }}
                >
                  <CardContent>
                    <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                      {kind === 'shortTermGoal' ? t('edit.shortTitle') : t('edit.longTitle')}
                    </Typography>
                    <Stack spacing={1}>
                      {goals[kind].map((goal, index) => (
                        <GoalItem
                          key={`${index}-${goal}`}
                          text={goal}
                          max={goalLimit(kind)}
                          onSave={saveGoal(kind, index)}
                          onRemove={() => update((current) => removeGoal(current, area, kind, index))}
                        />
                      ))}
                    </Stack>
                  </CardContent>
                </Card>
              ) : null,
            )}
            {obstacles.length > 0 && (
              <Card data-testid="obstacles-card">
                <CardContent>
                  <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                    {t('edit.obstaclesTitle')}
                  </Typography>
                  <Stack spacing={1}>
                    {obstacles.map((obstacle) => (
                      <Chip
                        key={obstacle}
                        label={obstacleLabel(obstacle)}
                        variant="outlined"
                        sx={{
                          justifyContent: 'space-between',
                          height: 'auto',
                          py: 0.75,
                          '& .MuiChip-label': { whiteSpace: 'normal' },
                        }}
                        onDelete={() => update((current) => removeObstacle(current, area, obstacle))}
                        deleteIcon={
                          <CancelOutlined titleAccess={t('edit.removeItem', { item: obstacleLabel(obstacle) })} />
                        }
                      />
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            )}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('edit.emptyHint')}</Typography>
        )}

        <Accordion disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
            <Typography sx={{ fontWeight: 600 }}>{t('edit.addByHand')}</Typography>
          </AccordionSummary>
          <AccordionDetails data-testid="add-by-hand">
            <AddByHand area={area} />
          </AccordionDetails>
        </Accordion>

        {stepError && (
          <Alert severity="warning" role="alert" onClose={() => setStepError(null)}>
            {stepError}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button startIcon={<ArrowBack />} onClick={back}>
            {t('edit.back')}
          </Button>
          <Button variant="contained" endIcon={<ArrowForward />} onClick={next}>
            {t('edit.next')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
