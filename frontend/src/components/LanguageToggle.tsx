import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';

/** Switches between English and Swedish; labelled in the language it switches to. */
export function LanguageToggle({ label }: { label?: string }) {
  const { i18n, t } = useTranslation();
  const next = i18n.language === 'sv' ? 'en' : 'sv';
  return (
    <Button size="small" onClick={() => setLanguage(next)} lang={next} aria-label={t('common.switchLanguage')}>
      {label ?? t('common.otherLanguage')}
    </Button>
  );
}
