import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SummaryNode } from '../summary-html';

/** Summary headings sit under the page's h2 "Journal summary": h2 → h3, h3 → h4, h4 → h5. */
const HEADINGS = {
  h2: { component: 'h3', fontSize: '1.4rem' },
  h3: { component: 'h4', fontSize: '1.15rem' },
  h4: { component: 'h5', fontSize: '1rem' },
} as const;

function render(nodes: SummaryNode[], keyPrefix = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}${index}`;
    if ('text' in node) return node.text;
    const children = render(node.children, `${key}.`);
    switch (node.tag) {
      case 'h2':
      case 'h3':
      case 'h4': {
        const { component, fontSize } = HEADINGS[node.tag];
        return (
          <Typography
            key={key}
            component={component}
            sx={{ fontSize, fontWeight: 700, lineHeight: 1.3, mt: 2.5, mb: 1, '&:first-child': { mt: 0 } }}
          >
            {children}
          </Typography>
        );
      }
      case 'p':
        return (
          <Typography key={key} sx={{ mb: 1.5 }}>
            {children}
          </Typography>
        );
      case 'ul':
      case 'ol':
        return (
          <Box key={key} component={node.tag} sx={{ pl: 3, mt: 0, mb: 1.5, '& li': { mb: 0.5 } }}>
            {children}
          </Box>
        );
      case 'li':
        return (
          <Typography key={key} component="li">
            {children}
          </Typography>
        );
      case 'blockquote':
        return (
          <Box
            key={key}
            component="blockquote"
            sx={{ borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' }}
          >
            {children}
          </Box>
        );
      case 'br':
        return <br key={key} />;
      case 'strong':
      case 'b':
        return <strong key={key}>{children}</strong>;
      default:
        return <em key={key}>{children}</em>;
    }
  });
}

/** The journal summary as React elements, from the allow-listed tree (no raw HTML reaches the page). */
export function SummaryView({ nodes }: { nodes: SummaryNode[] }) {
  return <>{render(nodes)}</>;
}
