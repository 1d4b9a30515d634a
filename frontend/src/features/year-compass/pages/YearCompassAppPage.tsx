import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { SaveStatus } from '../../../components/drafts/SaveStatus';
import { SectionNav } from '../components/SectionNav';
import { SectionPane } from '../components/SectionPane';
import { useMarkdownExport } from '../hooks/useMarkdownExport';
import { useYearCompass } from '../hooks/YearCompassProvider';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { SECTION_NUMBERS, isSectionLoading } from '../year-compass-data';
import { yearCompassPaths } from '../year-compass-paths';

/** /yearcompass/app: the sidebar of 19 sections, the selected section, and the exports. */
export default function YearCompassAppPage() {
  const { t, years } = useYearCompassTexts();
  const { entries, selected, select, saveState } = useYearCompass();
  const { exporting, download } = useMarkdownExport();
  const first = SECTION_NUMBERS[0];
  const last = SECTION_NUMBERS[SECTION_NUMBERS.length - 1];

  /** Shows section n; from buttons and the list the focus moves to its title (not from the select). */
  const go = (n: number, moveFocus = true) => {
    select(n);
    requestAnimationFrame(() => {
      const pane = document.querySelector<HTMLElement>('[data-testid="section-pane"]');
      if (pane && pane.getBoundingClientRect().top < 0) pane.scrollIntoView?.({ block: 'start' });
      if (moveFocus) document.getElementById('section-title')?.focus({ preventScroll: true });
    });
  };

  return (
    <Container maxWidth="lg">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}
      >
        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.4rem' } }}>
              {t('title')}
            </Typography>
            <Chip label={t('beta')} size="small" color="secondary" variant="outlined" />
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('app.years', years)}
          </Typography>
          <SaveStatus state={saveState} sx={{ mt: 0.5 }} />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<PrintOutlined />} component={RouterLink} to={yearCompassPaths.print}>
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
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box>
          <SectionNav entries={entries} selected={selected} onSelect={go} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <SectionPane sectionNumber={selected} />
          {/* Below the section once it has come, so that its arrival does not push them down. */}
          {!isSectionLoading(entries[selected]) && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3 }}>
              <Button startIcon={<ChevronLeft />} onClick={() => go(selected - 1)} disabled={selected <= first}>
                {t('app.previous')}
              </Button>
              <Button endIcon={<ChevronRight />} onClick={() => go(selected + 1)} disabled={selected >= last}>
                {t('app.next')}
              </Button>
            </Stack>
          )}
        </Box>
      </Box>
    </Container>
  );
}
