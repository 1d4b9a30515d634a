import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { helplineWebName, isLanguage, type HelplineSet } from '@clari/contracts';
import { usePublicConfig } from '../../lib/public-config';
import { ASSISTANT_NS } from './assistant-i18n';
import { SAFETY_NS } from './safety-i18n';
import { visuallyHidden } from './visually-hidden';

/**
 * The help that stays in view while a thread holds a crisis, urgent or check-in message: the
 * emergency number and each helpline of the reader's language (the operator's, from the public
 * settings, else the defaults) with a tappable tel: link and its web page, calm rather than alarming.
 */
export function CrisisHelpCard() {
  const { t, i18n } = useTranslation(SAFETY_NS);
  const { t: tAssistant } = useTranslation(ASSISTANT_NS);
  const headingId = useId();
  const { helplines } = usePublicConfig();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { emergency, lines } = helplines?.[language] ?? (t('helplines', { returnObjects: true }) as HelplineSet);
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
        <li data-testid="helpline-emergency">
          <Typography variant="body2" component="span">
            <Link
              href={`tel:${emergency}`}
              aria-label={t('helpCard.call', { number: emergency })}
              sx={{ fontWeight: 700, fontSize: '1.05rem', mr: 1 }}
            >
              {emergency}
            </Link>
            {t('helpCard.emergency')}
          </Typography>
        </li>
        {lines.map((line) => (
          <li key={line.id} data-testid={`helpline-${line.id}`}>
            <Typography variant="body2" component="span">
              {line.phone && (
                <Link
                  href={`tel:${line.phone.replace(/[\s-]/g, '')}`}
                  aria-label={t('helpCard.call', { number: line.phone })}
                  sx={{ fontWeight: 700, fontSize: '1.05rem', mr: 1 }}
                >
                  {line.phone}
                </Link>
              )}
              {line.description ? `${line.name}: ${line.description}` : line.name}
              {line.url && (
                <>
                  {' – '}
                  <Link href={line.url} target="_blank" rel="noopener noreferrer">
                    {helplineWebName(line.url)}
                    <Box component="span" sx={visuallyHidden}>
                      {` ${tAssistant('opensInNewTab')}`}
                    </Box>
                  </Link>
                </>
              )}
            </Typography>
          </li>
        ))}
      </Box>
    </Paper>
  );
}
