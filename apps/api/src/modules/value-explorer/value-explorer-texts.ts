import {
  COMMON_OBSTACLES,
  COMMON_VALUES,
  type CommonObstacleId,
  type CommonValueId,
  type Language,
  type LifeAreaId,
} from '@clari/contracts';
import enTexts from '../../../../../locales/en/value-explorer.json';
import svTexts from '../../../../../locales/sv/value-explorer.json';

/** Area, value and obstacle names come from the same locale files as the SPA's. */
const TEXTS = { en: enTexts, sv: svTexts };

export function areaName(area: LifeAreaId, language: Language): string {
  return TEXTS[language].areas[area].name;
}

export function valueName(value: string, language: Language): string {
  return (COMMON_VALUES as readonly string[]).includes(value) ? TEXTS[language].values[value as CommonValueId] : value;
}

export function obstacleName(obstacle: string, language: Language): string {
  return (COMMON_OBSTACLES as readonly string[]).includes(obstacle)
    ? TEXTS[language].obstacles[obstacle as CommonObstacleId]
    : obstacle;
}

/** A known value id for an id or a name in either language (case-insensitive), else null. */
export function knownValueId(text: string): CommonValueId | null {
  const key = text.trim().toLowerCase();
  return (
    COMMON_VALUES.find(
      (id) => id === key || TEXTS.en.values[id].toLowerCase() === key || TEXTS.sv.values[id].toLowerCase() === key,
    ) ?? null
  );
}

/** A known obstacle id for an id or a name in either language (case-insensitive), else null. */
export function knownObstacleId(text: string): CommonObstacleId | null {
  const key = text.trim().toLowerCase();
  return (
    COMMON_OBSTACLES.find(
      (id) =>
        id.toLowerCase() === key ||
        TEXTS.en.obstacles[id].toLowerCase() === key ||
        TEXTS.sv.obstacles[id].toLowerCase() === key,
    ) ?? null
  );
}

export function allValueNames(language: Language): Array<[CommonValueId, string]> {
  return COMMON_VALUES.map((id) => [id, TEXTS[language].values[id]]);
}
