import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isPastYearSection } from '@clari/contracts';
import { useHoldPageLoading } from '../../../components/page-loading';
import { useMarkdownExport } from '../hooks/useMarkdownExport';
import { useYearCompass } from '../hooks/YearCompassProvider';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { SECTION_NUMBERS, isSectionLoading, type LocalSection } from '../year-compass-data';
import { yearCompassPaths } from '../year-compass-paths';

/** Print CSS: only the Year Compass itself, without the app's navigation, footer and buttons. */
const PRINT_STYLES = {
  '@page': { margin: '16mm' },
  '@media print': {
    'header, footer, nav, .no-print, .MuiAppBar-root, .MuiToolbar-root': { display: 'none !important' },
    'html, body': { background: '#fff !important' },
    main: { padding: '0 !important' },
    '.MuiContainer-root': { maxWidth: 'none !important', padding: '0 !important' },
    '.yc-print-section': { breakBefore: 'auto' },
    '.yc-print-box, figure': { breakInside: 'avoid' },
  },
} as const;

/**
 * /yearcompass/app/print: the whole Year Compass on one page for the browser to print or save
 * as PDF, pictures included; also offers the Markdown download.
 */
export default function YearCompassPrintPage() {
  const { t, i18n, years } = useYearCompassTexts();
  const { entries, retry } = useYearCompass();
  const { exporting, download } = useMarkdownExport();
  const loading = SECTION_NUMBERS.some((n) => isSectionLoading(entries[n]));
  // The footer waits for the sections: painted under the loading line, it would be pushed down.
  useHoldPageLoading(loading);
  // Once per language, not on each of the renders while the 19 sections arrive.
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date()),
    [i18n.language],
  );
  const groups = [
    { heading: t('print.pastHeading', years), numbers: SECTION_NUMBERS.filter(isPastYearSection) },
    { heading: t('print.futureHeading', years), numbers: SECTION_NUMBERS.filter((n) => !isPastYearSection(n)) },
  ];

  return (
    <Container maxWidth="md">
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack
        direction="row"
        spacing={1}
        className="no-print"
        useFlexGap
        sx={{ mb: 3, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Button startIcon={<ArrowBack />} component={RouterLink} to={yearCompassPaths.app}>
          {t('print.back')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={loading}>
          {t('export.print')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          onClick={() => void download()}
          disabled={exporting}
        >
          {exporting ? t('export.preparing') : t('export.markdown')}
        </Button>
      </Stack>
      <Typography className="no-print" color="text.secondary" sx={{ mb: 3 }}>
        {t('print.hint')}
      </Typography>

      <Box component="article" data-testid="print-view">
        <Typography variant="h1">{t('print.title')}</Typography>
        <Typography variant="h5" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>
          {t('print.subtitle', years)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('print.exported', { date })}
        </Typography>

        {loading ? (
          <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress size={22} aria-hidden="true" />
            <Typography>{t('print.loading')}</Typography>
          </Stack>
        ) : (
          groups.map((group) => (
            <Box key={group.heading} component="section" sx={{ mt: 5 }}>
              <Typography variant="h2" sx={{ borderBottom: 2, borderColor: 'primary.main', pb: 0.5, mb: 2 }}>
                {group.heading}
              </Typography>
              {group.numbers.map((n) => {
                const entry = entries[n];
                if (entry?.status === 'ready') return <PrintSection key={n} section={entry.section} />;
                return (
                  <Alert
                    key={n}
                    severity="error"
                    sx={{ my: 2 }}
                    action={
                      <Button color="inherit" size="small" onClick={() => retry(n)} className="no-print">
                        {t('app.retry')}
                      </Button>
                    }
                  >
                    {t('app.fetchFailed', { n })}
                  </Alert>
                );
              })}
            </Box>
          ))
        )}
      </Box>
    </Container>
  );
}

function PrintSection({ section }: { section: LocalSection }) {
  const { t } = useYearCompassTexts();
  return (
    <Box
      component="section"
      className="yc-print-section"
      data-testid={`print-section-${section.sectionNumber}`}
      sx={{ mb: 4 }}
    >
      <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
        {section.sectionNumber}. {section.UiSectionTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ fontStyle: 'italic', mb: 2 }}>
        {section.UiSectionInstruction}
      </Typography>
      <Stack spacing={2} divider={<Divider flexItem />}>
        {section.boxes.map((box) => (
          <Box key={box.id} className="yc-print-box">
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
              {box.UiBoxTitle}
            </Typography>
            {box.content.trim() ? (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{box.content.trim()}</Typography>
            ) : (
              <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {t('box.noContent')}
              </Typography>
            )}
            {box.imageUrl && (
              <Box component="figure" sx={{ m: 0, mt: 1.5 }}>
                <Box
                  component="img"
                  src={box.imageUrl}
                  alt={t('image.alt', { title: box.UiBoxTitle })}
                  sx={{ display: 'block', maxWidth: '100%', maxHeight: '11cm', borderRadius: 1 }}
                />
                <Typography component="figcaption" variant="caption" color="text.secondary">
                  {t('print.picture', { title: box.UiBoxTitle })}
                </Typography>
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
