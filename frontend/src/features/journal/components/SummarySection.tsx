import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { saveFile } from '../../../lib/download';
import { JOURNAL_NS } from '../journal-i18n';
import { toHtml, toHtmlDocument, toMarkdown, toPlainText, type SummaryNode } from '../summary-html';
import { SummaryView } from './SummaryView';

interface SummarySectionProps {
  nodes: SummaryNode[];
  /** The summary's language (the conversation's, not necessarily the interface's). */
  language: Language;
  processing: boolean;
  /** Scrolled into view when a summary arrives. */
  headingRef: RefObject<HTMLDivElement | null>;
  /** The summary was copied or downloaded, so leaving no longer loses it. */
  onSaved(): void;
}

/** The generated summary with copy and downloads (HTML, Markdown). */
export function SummarySection({ nodes, language, processing, headingRef, onSaved }: SummarySectionProps) {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  const toast = useToast();
  const fileBase = `${t('summary.fileName')}-${new Date().toISOString().slice(0, 10)}`;

  const copy = async () => {
    try {
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([
          new ClipboardItem({
            'text/html': new Blob([toHtml(nodes)], { type: 'text/html' }),
            'text/plain': new Blob([toPlainText(nodes)], { type: 'text/plain' }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(toPlainText(nodes));
      }
      onSaved();
      toast(t('summary.copied'), 'success');
    } catch (error) {
      console.error('Copying the summary failed', error);
      toast(t('summary.copyFailed'), 'error');
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="journal-summary-title"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-busy={processing}
      data-testid="journal-summary"
    >
      <Stack spacing={1.5} sx={{ mb: 2 }} ref={headingRef}>
        <Typography id="journal-summary-title" variant="h2">
          {t('summary.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ContentCopyOutlined />}
            disabled={!nodes.length}
            onClick={() => void copy()}
          >
            {t('summary.copy')}
          </Button>
          {(
            [
              [
                'downloadHtml',
                () => toHtmlDocument(nodes, t('summary.documentTitle'), i18n.language),
                'text/html',
                'html',
              ],
              ['downloadMarkdown', () => toMarkdown(nodes), 'text/markdown', 'md'],
            ] as const
          ).map(([label, content, type, extension]) => (
            <Button
              key={extension}
              size="small"
              variant="outlined"
              startIcon={<DownloadOutlined />}
              disabled={!nodes.length}
              onClick={() => {
                saveFile(new Blob([content()], { type: `${type};charset=utf-8` }), `${fileBase}.${extension}`);
                onSaved();
              }}
            >
              {t(`summary.${label}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
      {nodes.length ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('summary.draft')}
          </Typography>
          <Box data-testid="journal-summary-content" lang={language}>
            <SummaryView nodes={nodes} />
          </Box>
        </>
      ) : (
        <Typography color="text.secondary">{t('summary.empty')}</Typography>
      )}
    </Paper>
  );
}
