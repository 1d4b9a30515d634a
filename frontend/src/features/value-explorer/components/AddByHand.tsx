import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  COMMON_OBSTACLES,
  COMMON_VALUES,
  VALUE_EXPLORER_EXTRA_LIMITS,
  VALUE_EXPLORER_LIMITS,
  type LifeAreaId,
} from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { useLabels } from '../hooks/useLabels';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';
import { addGoal, addObstacle, addValue, goalLimit, type AddResult, type GoalKind } from '../value-explorer-data';

/** A text field with an Add button; Enter adds. */
function AddText({
  label,
  max,
  onAdd,
  testId,
}: {
  label: string;
  max: number;
  onAdd(text: string): string | null;
  testId: string;
}) {
  const { t } = useLabels();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = onAdd(text);
    if (refused) setError(refused);
    else setText('');
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      data-testid={testId}
    >
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? `${text.length}/${max}`}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined">
        {t('edit.add')}
      </Button>
    </Stack>
  );
}

/** Values, goals and obstacles added without Clari: common ones by chip, custom ones by text. */
export function AddByHand({ area }: { area: LifeAreaId }) {
  const { t, valueLabel, obstacleLabel, reason } = useLabels();
  const { data, update } = useValueExplorer();
  const toast = useToast();
  const notify = (refused: string | null) => {
    if (refused) toast(refused, 'error');
  };
  const [goal, setGoal] = useState('');
  const [goalError, setGoalError] = useState<string | null>(null);
  const values = data.selectedValues[area] ?? [];
  const obstacles = data.obstacles[area] ?? [];

  /** Applies a change when it fits the limits; otherwise answers the reason to show. */
  const apply = (change: (current: typeof data) => AddResult): string | null => {
    const result = change(data);
    if (!result.ok) return reason(result.reason);
    update(() => result.data);
    return null;
  };

  const addGoalOf = (kind: GoalKind) => {
    const refused = apply((current) => addGoal(current, area, kind, goal));
    setGoalError(refused);
    if (!refused) setGoal('');
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h3" component="h3">
          {t('edit.addValues')}{' '}
          <Typography component="span" color="text.secondary">
            ({t('edit.valuesCount', { count: values.length, max: VALUE_EXPLORER_LIMITS.valuesPerArea.max })})
          </Typography>
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {COMMON_VALUES.filter((value) => !values.includes(value)).map((value) => (
            <Chip
              key={value}
              label={valueLabel(value)}
              variant="outlined"
              onClick={() => notify(apply((current) => addValue(current, area, value)))}
              disabled={values.length >= VALUE_EXPLORER_LIMITS.valuesPerArea.max}
            />
          ))}
        </Stack>
        <AddText
          label={t('edit.customValue')}
          max={VALUE_EXPLORER_EXTRA_LIMITS.valueLabelMax}
          onAdd={(text) => apply((current) => addValue(current, area, text))}
          testId="add-value"
        />
      </Stack>

      <Stack spacing={1}>
        <Typography variant="h3" component="h3">
          {t('edit.addGoal')}
        </Typography>
        <TextField
          label={t('edit.newGoal')}
          value={goal}
          onChange={(event) => {
            setGoal(event.target.value);
            setGoalError(null);
          }}
          multiline
          minRows={2}
          error={!!goalError || goal.length > goalLimit('shortTermGoal')}
          helperText={goalError ?? `${goal.length}/${goalLimit('shortTermGoal')}`}
          slotProps={{
            formHelperText: { sx: { color: goal.length > goalLimit('shortTermGoal') ? 'error.main' : undefined } },
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => addGoalOf('shortTermGoal')}>
            {t('edit.addShort')}
          </Button>
          <Button variant="outlined" onClick={() => addGoalOf('longTermGoal')}>
            {t('edit.addLong')}
          </Button>
        </Stack>
      </Stack>

      <Stack spacing={1}>
        <Typography variant="h3" component="h3">
          {t('edit.addObstacles')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {COMMON_OBSTACLES.filter((obstacle) => !obstacles.includes(obstacle)).map((obstacle) => (
            <Chip
              key={obstacle}
              label={obstacleLabel(obstacle)}
              variant="outlined"
              onClick={() => notify(apply((current) => addObstacle(current, area, obstacle)))}
              disabled={obstacles.length >= VALUE_EXPLORER_LIMITS.obstaclesPerArea.max}
            />
          ))}
        </Stack>
        <AddText
          label={t('edit.customObstacle')}
          max={VALUE_EXPLORER_LIMITS.obstacleTextLength.max}
          onAdd={(text) => apply((current) => addObstacle(current, area, text))}
          testId="add-obstacle"
        />
      </Stack>
    </Stack>
  );
}
