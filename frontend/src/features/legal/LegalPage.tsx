import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isLanguage, type Language } from '@clari/contracts';
import enLegal from '@locales/en/legal.json';
import svLegal from '@locales/sv/legal.json';
import { PageSpinner } from '../../components/PageSpinner';
import { paths } from '../../config/paths';
import i18n from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';

export type LegalPageKind = 'terms' | 'privacy' | 'faq';

/** A text with every mention of the contact address as a mailto: link (the rest stays plain text). */
export function withMailLinks(text: string, email: string): ReactNode {
  if (!email || !text.includes(email)) return text;
  return text.split(email).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <Link key={index} href={`mailto:${email}`}>
            {email}
          </Link>,
          part,
        ],
  );
}

interface Section {
  heading: string;
  paragraphs: string[];
}
interface FaqItem {
  question: string;
  answer: string;
}

// The legal texts travel only with this page's chunk.
i18n.addResourceBundle('en', 'legal', enLegal, true, true);
i18n.addResourceBundle('sv', 'legal', svLegal, true, true);

/**
 * Terms, privacy policy and FAQ. Each starts in the user's language and toggles between
 * English and Swedish on the page itself.
 */
export default function LegalPage({ page }: { page: LegalPageKind }) {
  const { i18n: instance } = useTranslation();
  const [language, setPageLanguage] = useState<Language>(isLanguage(instance.language) ? instance.language : 'en');
  const t = instance.getFixedT(language, 'legal');
  const contact = usePublicConfig();
  const values = {
    contactEmail: contact.contactEmail,
    companyName: contact.companyName,
    companyRegistrationNumber: contact.companyRegistrationNumber,
  };
  const title = t(`${page}.title`);

  useEffect(() => {
    document.title = `${title} · Clari`;
    return () => {
      document.title = 'Clari';
    };
  }, [title]);

  // The page's own toggle changes the whole document's language, for screen readers and hyphenation.
  useEffect(() => {
    document.documentElement.lang = language;
    return () => {
      document.documentElement.lang = instance.language;
    };
  }, [language, instance]);

  // The texts name the company and contact address, so wait for them rather than show blanks.
  if (!contact.loaded) return <PageSpinner />;

  const sections = page === 'faq' ? [] : (t(`${page}.sections`, { returnObjects: true, ...values }) as Section[]);
  const items = page === 'faq' ? (t('faq.items', { returnObjects: true, ...values }) as FaqItem[]) : [];

  return (
    <Container maxWidth="md" lang={language}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="h1">{title}</Typography>
          <Link
            component="button"
            type="button"
            lang={language === 'en' ? 'sv' : 'en'}
            data-testid="legal-language-toggle"
            onClick={() => setPageLanguage(language === 'en' ? 'sv' : 'en')}
          >
            {t('languageToggle')}
          </Link>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="legal-last-updated">
          {t('lastUpdated')}
        </Typography>
        <Typography sx={{ mb: 3, fontSize: '1.1rem' }}>{t(`${page}.intro`, values)}</Typography>

        {(page === 'terms' || page === 'privacy') && (
          <Box sx={{ mb: 3 }}>
            <Typography>
              <Link component={RouterLink} to={paths.faq}>
                {t('simplerExplanation')}
              </Link>
            </Typography>
            {page === 'terms' && (
              <Typography sx={{ mt: 1 }}>
                <Link component={RouterLink} to={paths.privacy}>
                  {t('readPrivacy')}
                </Link>
              </Typography>
            )}
          </Box>
        )}
        <Divider sx={{ mb: 3 }} />

        {sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ mb: 3 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5 }}>
                {withMailLinks(paragraph, values.contactEmail)}
              </Typography>
            ))}
          </Box>
        ))}

        {items.map((item) => (
          <Box component="section" key={item.question} sx={{ mb: 3 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {item.question}
            </Typography>
            <Typography>{withMailLinks(item.answer, values.contactEmail)}</Typography>
          </Box>
        ))}

        <Divider sx={{ my: 3 }} />
        <Typography color="text.secondary" data-testid="legal-contact">
          {withMailLinks(t('contactLine', values), values.contactEmail)}
        </Typography>
      </Paper>
    </Container>
  );
}
