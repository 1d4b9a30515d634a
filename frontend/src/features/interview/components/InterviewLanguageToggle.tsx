import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '@clari/contracts';
import { setLanguage } from '../../../lib/i18n';
import { INTERVIEW_NS } from '../interview-i18n';

/**
 * The interview's language toggle (en, sv): the page's texts follow it, and on a running
 * interview `onChange` moves the session (and so Clari) to it too.
 */
export function InterviewLanguageToggle({ onChange }: { onChange?: (language: Language) => void } = {}) {
  const { t, i18n } = useTranslation(INTERVIEW_NS);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_event, value: unknown) => {
        if (!isLanguage(value)) return;
        setLanguage(value);
        onChange?.(value);
      }}
      aria-label={t('language.label')}
      data-testid="interview-language"
    >
      {LANGUAGES.map((language) => (
        <ToggleButton
          key={language}
          value={language}
          lang={language}
          // Readable on the page's background in both states (the default grey is too faint).
          sx={{
            px: 2,
            color: 'text.secondary',
            bgcolor: 'background.paper',
            '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' },
          }}
        >
          {t(`language.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
