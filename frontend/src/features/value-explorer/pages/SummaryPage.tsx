import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isAreaFilled, isLanguage, type LifeAreaId, type SummaryConversationData } from '@clari/contracts';
import { saveText } from '../../../lib/download';
import { useHoldPageLoading } from '../../../components/page-loading';
import { ChatMarkdown } from '../../../components/assistant/ChatMarkdown';
import { useGenerateSummary } from '../api/value-explorer-queries';
import { AreaIcon } from '../components/AreaIcon';
import { LoadFailed } from '../components/LoadFailed';
import { useLabels } from '../hooks/useLabels';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';
import { goalsOf, summaryBlocks } from '../value-explorer-data';
import { valueExplorerPaths } from '../value-explorer-paths';

/** /valueexplorer/summary: the generated summary, the areas, and export (Markdown, print). */
export default function SummaryPage() {
  const { t, areaName, valueLabel, obstacleLabel } = useLabels();
  const { i18n } = useTranslation();
  const { data, summary, setSummary, loadState, flush, setEditedArea } = useValueExplorer();
  const navigate = useNavigate();
  const location = useLocation();
  const summaryJob = useGenerateSummary(flush);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const areas = data.lifeAreas.filter((area) => isAreaFilled(data, area));

  const areaData = (area: LifeAreaId) => {
    const goals = goalsOf(data, area);
    return {
      id: area,
      name: areaName(area),
      values: (data.selectedValues[area] ?? []).map(valueLabel),
      goals,
      obstacles: (data.obstacles[area] ?? []).map(obstacleLabel),
    };
  };

  const generate = async () => {
    try {
      const conversationData: SummaryConversationData = { lifeAreas: areas.map(areaData) };
      setSummary(await summaryJob.mutateAsync({ request: t('summary.request'), conversationData, language }));
    } catch (error) {
      console.error('Failed to generate summary', error);
    }
  };

  // Arriving from the areas page's Generate Summary: the summary is written at once, without a second click.
  const asked = (location.state as { generate?: boolean } | null)?.generate === true;
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!asked || autoStarted.current || loadState !== 'ready' || areas.length === 0) return;
    autoStarted.current = true;
    // The request is used once: a reload or going back does not write the summary again.
    navigate(location.pathname, { replace: true, state: null });
    void generate();
    // generate reads the current data; it runs once, when the data is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, loadState, areas.length]);

  const markdown = () => {
    const lines = [`# ${t('summary.title')}`, ''];
    for (const block of summaryBlocks(summary))
      lines.push(block.kind === 'heading' ? `## ${block.text}` : block.text, '');
    lines.push(`## ${t('summary.areasTitle')}`, '');
    for (const area of areas) {
      const item = areaData(area);
      lines.push(`### ${item.name}`, '');
      lines.push(`**${t('summary.values')}:** ${item.values.join(', ') || t('summary.none')}`, '');
      if (item.goals.shortTermGoal.length)
        lines.push(`**${t('summary.shortGoals')}:**`, ...item.goals.shortTermGoal.map((goal) => `- ${goal}`), '');
      if (item.goals.longTermGoal.length)
        lines.push(`**${t('summary.longGoals')}:**`, ...item.goals.longTermGoal.map((goal) => `- ${goal}`), '');
      lines.push(`**${t('summary.obstacles')}:** ${item.obstacles.join(', ') || t('summary.none')}`, '');
    }
    return lines.join('\n');
  };

  const download = () => saveText(t('summary.fileName'), markdown());
  // The footer waits for the data: painted under the spinner, it would move when the summary replaces it.
  useHoldPageLoading(loadState === 'loading');

  if (loadState === 'error') return <LoadFailed />;
  const blocks = summaryBlocks(summary);
  const generating = summaryJob.isPending;
  const failed = summaryJob.isError;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {/* The print view: only the summary and the areas, without navigation and buttons. */}
      <GlobalStyles
        styles={{
          '@media print': {
            'header, footer, nav, .no-print': { display: 'none !important' },
            body: { background: '#fff' },
            '.MuiContainer-root': { maxWidth: 'none !important' },
          },
        }}
      />
      <Stack spacing={3}>
        <Box className="no-print">
          <Button
            startIcon={<ArrowBack />}
            onClick={() => {
              setEditedArea(null);
              navigate(valueExplorerPaths.areas);
            }}
          >
            {t('summary.back')}
          </Button>
        </Box>
        <Box>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('summary.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('summary.description')}
          </Typography>
          <Typography className="no-print">{t('summary.intro')}</Typography>
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} className="no-print">
          <Button
            variant="contained"
            size="large"
            startIcon={generating ? <CircularProgress size={18} color="inherit" /> : <AutoAwesomeOutlined />}
            disabled={generating || areas.length === 0}
            onClick={() => void generate()}
          >
            {generating ? t('summary.generating') : summary ? t('summary.regenerate') : t('summary.generate')}
          </Button>
          <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={!summary} onClick={download}>
            {t('summary.exportMarkdown')}
          </Button>
          <Button variant="outlined" startIcon={<PrintOutlined />} disabled={!summary} onClick={() => window.print()}>
            {t('summary.print')}
          </Button>
        </Stack>

        {failed && (
          <Alert severity="error" role="alert" data-testid="summary-error">
            {t('errors.summary')}
          </Alert>
        )}

        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          aria-busy={generating || loadState === 'loading'}
          data-testid="summary"
        >
          {loadState === 'loading' ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t('edit.loading')} />
            </Box>
          ) : failed ? (
            <Typography color="error">{t('errors.summary')}</Typography>
          ) : blocks.length ? (
            <Stack spacing={1.5}>
              {blocks.map((block, index) =>
                block.kind === 'heading' ? (
                  <Typography key={index} variant="h3" component="h2" sx={{ pt: index ? 1.5 : 0 }}>
                    {block.text}
                  </Typography>
                ) : (
                  <Box key={index} sx={{ '& .MuiBox-root': { typography: 'body1' } }}>
                    <ChatMarkdown text={block.text} />
                  </Box>
                ),
              )}
            </Stack>
          ) : (
            <Typography color="text.secondary">{areas.length ? t('summary.empty') : t('summary.noAreas')}</Typography>
          )}
        </Paper>

        {areas.length > 0 && (
          <Box>
            <Typography variant="h2" sx={{ mb: 2 }}>
              {t('summary.areasTitle')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
              {areas.map((area) => {
                const item = areaData(area);
                return (
                  <Card key={area} data-testid={`summary-area-${area}`} sx={{ breakInside: 'avoid' }}>
                    <CardContent>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                        <AreaIcon area={area} color="primary" />
                        <Typography variant="h3" component="h3">
                          {item.name}
                        </Typography>
                      </Stack>
                      <Typography variant="body2">
                        <strong>{t('summary.values')}:</strong> {item.values.join(', ') || t('summary.none')}
                      </Typography>
                      {item.goals.shortTermGoal.length > 0 && (
                        <Typography variant="body2">
                          <strong>{t('summary.shortGoals')}:</strong> {item.goals.shortTermGoal.join('; ')}
                        </Typography>
                      )}
                      {item.goals.longTermGoal.length > 0 && (
                        <Typography variant="body2">
                          <strong>{t('summary.longGoals')}:</strong> {item.goals.longTermGoal.join('; ')}
                        </Typography>
                      )}
                      <Typography variant="body2">
                        <strong>{t('summary.obstacles')}:</strong> {item.obstacles.join(', ') || t('summary.none')}
                      </Typography>
                    </CardContent>
                  </Card>
                );
              })}
            </Box>
          </Box>
        )}
      </Stack>
    </Container>
  );
}
