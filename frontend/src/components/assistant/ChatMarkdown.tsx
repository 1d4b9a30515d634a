import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_NS } from './assistant-i18n';
import { visuallyHidden } from './visually-hidden';

function NewTabLink({ href, children }: { href?: string; children?: ReactNode }) {
  const { t } = useTranslation(ASSISTANT_NS);
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow" color="inherit" underline="always">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('opensInNewTab')}`}
      </Box>
    </Link>
  );
}

/** Headings inside a chat bubble stay bold text: real headings would break the page's outline. */
function BubbleHeading({ children }: { children?: ReactNode }) {
  return (
    <Typography component="p" variant="body2" sx={{ fontWeight: 700, mt: 1, '&:first-of-type': { mt: 0 } }}>
      {children}
    </Typography>
  );
}

const components: Components = {
  a: ({ href, children }) => <NewTabLink href={href}>{children}</NewTabLink>,
  h1: BubbleHeading,
  h2: BubbleHeading,
  h3: BubbleHeading,
  h4: BubbleHeading,
  h5: BubbleHeading,
  h6: BubbleHeading,
};

/**
 * Clari's markdown. Raw HTML in the text is never rendered (react-markdown drops it without
 * rehype-raw), unsafe link protocols are removed by its default URL transform, and images are
 * left out so a reply cannot make the browser fetch from elsewhere.
 */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <Box
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p': { my: 1 },
        '& ul, & ol': { my: 1, pl: 3 },
        '& li + li': { mt: 0.5 },
        '& pre': { overflowX: 'auto', p: 1, borderRadius: 1, bgcolor: 'action.hover' },
        '& code': { fontFamily: 'monospace', fontSize: '0.85em' },
        '& blockquote': { m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider' },
      }}
    >
      <Markdown components={components} disallowedElements={['img']} unwrapDisallowed>
        {text}
      </Markdown>
    </Box>
  );
}
