import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled card of the profile page. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
