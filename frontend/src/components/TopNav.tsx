import AccountCircle from '@mui/icons-material/AccountCircle';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from './auth/AuthProvider';
import { portraitQuery } from '../lib/portrait-query';
import { queryClient } from '../lib/query-client';

type AppKey = 'valueExplorer' | 'reflect' | 'yearCompass' | 'journal' | 'profile' | 'admin';

const APPS: Array<{ prefix: string; key: AppKey }> = [
  { prefix: paths.valueExplorer, key: 'valueExplorer' },
  { prefix: paths.reflect, key: 'reflect' },
  { prefix: paths.yearCompass, key: 'yearCompass' },
  { prefix: paths.journal, key: 'journal' },
  { prefix: paths.profile, key: 'profile' },
  { prefix: paths.admin, key: 'admin' },
];

/** Cross-links of part 1 §2: Reflect ↔ Value Explorer, Year Compass → both. */
const CROSS_LINKS: Partial<Record<AppKey, Array<{ to: string; key: AppKey }>>> = {
  reflect: [{ to: paths.valueExplorer, key: 'valueExplorer' }],
  valueExplorer: [{ to: paths.reflect, key: 'reflect' }],
  yearCompass: [
    { to: paths.valueExplorer, key: 'valueExplorer' },
    { to: paths.reflect, key: 'reflect' },
  ],
};

export function currentApp(pathname: string): AppKey | null {
  const match = APPS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return match ? match.key : null;
}

/**
 * The top navigation for signed-in users. It sits outside the pages' lazily loaded query layout,
 * so it brings the same query client itself.
 */
export default function TopNav() {
  return (
    <QueryClientProvider client={queryClient}>
      <TopNavBar />
    </QueryClientProvider>
  );
}

function TopNavBar() {
  const { t } = useTranslation();
  const { user, signOutAndLeave } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The portrait, when there is one, stands for the account; an upload on the profile pages
  // updates the same cache entry.
  const portrait = useQuery({ ...portraitQuery, enabled: user !== null }).data?.url ?? null;
  const app = pathname === paths.home ? null : currentApp(pathname);
  const links = app ? (CROSS_LINKS[app] ?? []) : [];

  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };
  const signOut = async () => {
    setAnchor(null);
    await signOutAndLeave(paths.home);
  };

  return (
    <AppBar position="fixed" color="primary" component="nav" aria-label={t('nav.label')}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          variant="h6"
          component={RouterLink}
          to={paths.home}
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
        >
          Clari
        </Typography>
        {app && (
          <Typography
            component="span"
            noWrap
            data-testid="current-app"
            sx={{ opacity: 0.85, borderLeft: '1px solid rgba(255,255,255,0.5)', pl: 1, ml: 0.5, minWidth: 0 }}
          >
            {t(`apps.${app}`)}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {links.map((link) => (
          // On phones the cross-links move into the profile menu, so the bar never overlaps.
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            color="inherit"
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, flexShrink: 0 }}
          >
            {t(`apps.${link.key}`)}
          </Button>
        ))}
        <IconButton
          color="inherit"
          sx={{ flexShrink: 0 }}
          aria-label={t('nav.profileMenu')}
          aria-controls={anchor ? 'profile-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          {portrait ? (
            <Avatar src={portrait} alt="" sx={{ width: 32, height: 32 }} data-testid="nav-portrait" />
          ) : (
            <AccountCircle />
          )}
        </IconButton>
        <Menu id="profile-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {user && (
            <MenuItem disabled sx={{ opacity: '1 !important', fontSize: 14 }}>
              {user.full_name}
            </MenuItem>
          )}
          {links.map((link) => (
            <MenuItem key={link.to} onClick={() => go(link.to)} sx={{ display: { xs: 'flex', sm: 'none' } }}>
              {t(`apps.${link.key}`)}
            </MenuItem>
          ))}
          <MenuItem onClick={() => go(paths.profile)}>{t('nav.editProfile')}</MenuItem>
          <MenuItem onClick={() => go(paths.faq)}>{t('nav.faq')}</MenuItem>
          {user?.role === 'admin' && <MenuItem onClick={() => go(paths.admin)}>{t('nav.admin')}</MenuItem>}
          <MenuItem onClick={() => void signOut()}>{t('nav.logout')}</MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
