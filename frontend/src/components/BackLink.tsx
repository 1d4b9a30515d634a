import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';

export interface BackLinkProps {
  /** Where to go when this page is the first of the visit (opened from a bookmark or a mail). */
  fallback: string;
  children: ReactNode;
}

/**
 * A back link that goes back: to the page the person came from inside the app, else to the
 * fallback. It stays a real link to the fallback, so it can be opened in a new tab.
 */
export default function BackLink({ fallback, children }: BackLinkProps) {
  const navigate = useNavigate();
  // React Router gives the first entry of a visit the key "default": there is nothing of ours behind it.
  const cameFromTheApp = useLocation().key !== 'default';
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!cameFromTheApp || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Button component={RouterLink} to={fallback} onClick={goBack} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      {children}
    </Button>
  );
}
