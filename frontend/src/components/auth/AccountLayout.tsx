import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';

/** The centred card that every account screen uses. */
export function AccountLayout({
  title,
  subtitle,
  children,
  maxWidth = 460,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  useEffect(() => {
    document.title = `${title} · Clari`;
    return () => {
      document.title = 'Clari';
    };
  }, [title]);
  return (
    <Container>
      <Paper variant="outlined" sx={{ maxWidth, mx: 'auto', p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: '1.9rem', mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        <Box>{children}</Box>
      </Paper>
    </Container>
  );
}
