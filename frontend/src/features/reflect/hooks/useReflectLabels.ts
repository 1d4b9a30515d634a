import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language, type LifeAreaId, type ReflectTopicId } from '@clari/contracts';
import { LIFE_AREA_NS, REFLECT_NS } from '../reflect-i18n';
import type { ValidationMessage } from '../logic/edit-forms';

/** Reflect's texts in the user's language: topics, life areas, dates and validation messages. */
export function useReflectLabels() {
  const { t, i18n } = useTranslation(REFLECT_NS);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }),
    [language],
  );
  const topicName = useCallback((topic: ReflectTopicId) => t(`topics.${topic}.name`), [t]);
  return {
    t,
    language,
    topicName,
    topicEmoji: (topic: ReflectTopicId) => t(`topics.${topic}.emoji`),
    areaName: (area: LifeAreaId) => t(`areas.${area}.name`, { ns: LIFE_AREA_NS }),
    /** The created date in short format, in the user's language (part 2 §2). */
    formatDate: (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
    },
    message: (message: ValidationMessage | undefined) => (message ? t(message.key, message.values) : undefined),
  };
}
