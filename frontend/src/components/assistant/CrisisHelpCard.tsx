import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CRISIS_HELPLINES, type CrisisHelpline } from '@clari/contracts';
import { ASSISTANT_NS } from './assistant-i18n';
import { SAFETY_NS } from './safety-i18n';
import { visuallyHidden } from './visually-hidden';

const WEB_LABEL: Partial<Record<CrisisHelpline['id'], 'mindChat' | 'vardguidenWeb' | 'internationalWeb'>> = {
  mind: 'mindChat',
  vardguiden: 'vardguidenWeb',
  international: 'internationalWeb',
};

/**
 * The help that stays in view while a thread holds a crisis message: each helpline with a
 * tappable tel: link (and its web page), calm rather than alarming.
 */
export function CrisisHelpCard() {
  const { t } = useTranslation(SAFETY_NS);
  const { t: tAssistant } = useTranslation(ASSISTANT_NS);
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="crisis-help-card"
      sx={(theme) => ({
        p: 2,
        borderColor: alpha(theme.palette.primary.main, 0.4),
        bgcolor: alpha(theme.palette.primary.main, 0.06),
      })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <SupportAgentOutlined color="primary" aria-hidden="true" />
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('helpCard.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('helpCard.intro')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {CRISIS_HELPLINES.map((line) => {
          const web = WEB_LABEL[line.id];
          return (
            <li key={line.id} data-testid={`helpline-${line.id}`}>
              <Typography variant="body2" component="span">
                {line.phone && (
                  <Link
                    href={`tel:${line.phone}`}
                    aria-label={t('helpCard.call', { number: line.phone })}
                    sx={{ fontWeight: 700, fontSize: '1.05rem', mr: 1 }}
                  >
                    {line.phone}
                  </Link>
                )}
                {t(`helpCard.${line.id}`)}
                {line.url && web && (
                  <>
                    {' – '}
                    <Link href={line.url} target="_blank" rel="noopener noreferrer">
                      {t(`helpCard.${web}`)}
                      <Box component="span" sx={visuallyHidden}>
                        {` ${tAssistant('opensInNewTab')}`}
                      </Box>
                    </Link>
                  </>
                )}
              </Typography>
            </li>
          );
        })}
      </Box>
    </Paper>
  );
}
