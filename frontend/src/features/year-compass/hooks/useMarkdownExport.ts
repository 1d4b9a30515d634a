import { useState } from 'react';
import { useToast } from '../../../components/ToastProvider';
import { saveText } from '../../../lib/download';
import { yearCompassMarkdown } from '../year-compass-data';
import { useYearCompass } from './YearCompassProvider';
import { useYearCompassTexts } from './useYearCompassTexts';

/** 'Download as Markdown': all 19 sections, loading any that are missing first. */
export function useMarkdownExport() {
  const { t, i18n, years } = useYearCompassTexts();
  const { allSections } = useYearCompass();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const sections = await allSections();
      const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date());
      const markdown = yearCompassMarkdown(sections, {
        title: t('print.title'),
        subtitle: t('print.subtitle', years),
        exported: t('print.exported', { date }),
        pastHeading: t('print.pastHeading', years),
        futureHeading: t('print.futureHeading', years),
        noContent: t('box.noContent'),
        picture: (title) => t('print.picture', { title }),
      });
      saveText(t('export.fileName', years), markdown);
    } catch (error) {
      console.error('Failed to export the Year Compass', error);
      toast(t('export.failed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  return { exporting, download };
}
