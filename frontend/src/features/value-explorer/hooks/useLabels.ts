import { useTranslation } from 'react-i18next';
import { VALUE_EXPLORER_LIMITS, type LifeAreaId } from '@clari/contracts';
import { VALUE_EXPLORER_NS } from '../value-explorer-i18n';
import { isCommonObstacle, isCommonValue } from '../value-explorer-data';

/** Common values and obstacles are translated by id; custom ones are shown as typed (part 1 §3). */
export function useLabels() {
  const { t } = useTranslation(VALUE_EXPLORER_NS);
  return {
    t,
    areaName: (area: LifeAreaId) => t(`areas.${area}.name`),
    areaDescription: (area: LifeAreaId) => t(`areas.${area}.description`),
    valueLabel: (value: string) => (isCommonValue(value) ? t(`values.${value.toLowerCase()}`) : value),
    obstacleLabel: (obstacle: string) => (isCommonObstacle(obstacle) ? t(`obstacles.${obstacle}`) : obstacle),
    /** A validation reason or code as the user's text. */
    reason: (code: string) =>
      t(`validation.${code}`, {
        max: VALUE_EXPLORER_LIMITS.valuesPerArea.max,
        defaultValue: t('validation.complete_required'),
      }),
  };
}
