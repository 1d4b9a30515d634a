import AccountCircle from '@mui/icons-material/AccountCircle';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from './auth/AuthProvider';
import { useToast } from './ToastProvider';
import { lazyPage, whenIdle } from '../lib/lazy-page';
import { portraitQuery } from '../lib/portrait-query';
import { queryClient } from '../lib/query-client';

// The menu's code is asked for once the page is idle, or when the pointer or focus reaches its
// button, so that it is there by the time someone opens it.
const ProfileMenu = lazyPage(() => import('./ProfileMenu'));
const preloadMenu = () =>
  ProfileMenu.preload().then(
    () => true,
    () => false,
  );

type AppKey = 'valueExplorer' | 'reflect' | 'yearCompass' | 'journal' | 'profile' | 'admin';

const APPS: Array<{ prefix: string; key: AppKey }> = [
  { prefix: paths.valueExplorer, key: 'valueExplorer' },
  { prefix: paths.reflect, key: 'reflect' },
  { prefix: paths.yearCompass, key: 'yearCompass' },
  { prefix: paths.journal, key: 'journal' },
  { prefix: paths.profile, key: 'profile' },
  { prefix: paths.admin, key: 'admin' },
];

type ToolKey = 'valueExplorer' | 'yearCompass' | 'reflect' | 'journal';

/** Every tool, reachable from every signed-in page; the Journal only for clinicians, whose tool it is. */
const TOOLS: Array<{ to: string; key: ToolKey; clinicianOnly?: boolean }> = [
  { to: paths.valueExplorer, key: 'valueExplorer' },
  { to: paths.yearCompass, key: 'yearCompass' },
  { to: paths.reflect, key: 'reflect' },
  { to: paths.journal, key: 'journal', clinicianOnly: true },
];

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
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first open on, so that closing plays the menu's transition.
  const [menuMounted, setMenuMounted] = useState(false);
  // The portrait, when there is one, stands for the account; an upload on the profile pages
  // updates the same cache entry.
  const portrait = useQuery({ ...portraitQuery, enabled: user !== null }).data?.url ?? null;
  const app = pathname === paths.home ? null : currentApp(pathname);
  const tools = TOOLS.filter((tool) => !tool.clinicianOnly || user?.is_clinician);

  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };
  const signOut = async () => {
    setAnchor(null);
    await signOutAndLeave(paths.home);
  };
  const openMenu = (button: HTMLElement) => {
    void preloadMenu().then((loaded) => {
      if (!loaded) return toast(t('common.partLoadFailed'), 'error');
      setMenuMounted(true);
      setAnchor(button);
    });
  };

  useEffect(() => whenIdle(() => void preloadMenu()), []);

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
          // Where the tools move into the menu (phones, narrow windows), the bar names the current one.
          <Typography
            component="span"
            noWrap
            data-testid="current-app"
            sx={{
              display: { xs: 'block', md: 'none' },
              opacity: 0.85,
              borderLeft: '1px solid rgba(255,255,255,0.5)',
              pl: 1,
              ml: 0.5,
              minWidth: 0,
            }}
          >
            {t(`apps.${app}`)}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {tools.map((tool) => (
          <Button
            key={tool.to}
            component={RouterLink}
            to={tool.to}
            color="inherit"
            aria-current={app === tool.key ? 'page' : undefined}
            sx={{
              display: { xs: 'none', md: 'inline-flex' },
              flexShrink: 0,
              borderRadius: 0,
              borderBottom: '3px solid',
              borderBottomColor: app === tool.key ? 'currentColor' : 'transparent',
              fontWeight: app === tool.key ? 700 : 500,
            }}
          >
            {t(`apps.${tool.key}`)}
          </Button>
        ))}
        <IconButton
          color="inherit"
          sx={{ flexShrink: 0 }}
          aria-label={t('nav.profileMenu')}
          aria-controls={anchor ? 'profile-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => openMenu(event.currentTarget)}
          onPointerEnter={() => void preloadMenu()}
          onFocus={() => void preloadMenu()}
        >
          {portrait ? (
            <Avatar src={portrait} alt="" sx={{ width: 32, height: 32 }} data-testid="nav-portrait" />
          ) : (
            <AccountCircle />
          )}
        </IconButton>
        {menuMounted && (
          <ProfileMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            user={user}
            tools={tools.map((tool) => ({ to: tool.to, label: t(`apps.${tool.key}`), current: app === tool.key }))}
            go={go}
            signOut={() => void signOut()}
          />
        )}
      </Toolbar>
    </AppBar>
  );
}
