import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@clari/contracts';
import { paths } from '../config/paths';

export interface ProfileMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  user: SessionUser | null;
  /** Every tool, the current one marked; listed here on phones and narrow windows, where the bar has no room. */
  tools: ReadonlyArray<{ to: string; label: string; current: boolean }>;
  go: (to: string) => void;
  signOut: () => void;
}

/**
 * The top bar's profile menu. Its own chunk: the menu (MUI's Menu, Popover, Modal and their
 * transitions) is needed only once it opens, not for the first paint of every signed-in page.
 */
export default function ProfileMenu({ anchor, onClose, user, tools, go, signOut }: ProfileMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id="profile-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {user && (
        <MenuItem disabled sx={{ opacity: '1 !important', fontSize: 14 }}>
          {user.full_name}
        </MenuItem>
      )}
      {tools.map((tool) => (
        <MenuItem
          key={tool.to}
          onClick={() => go(tool.to)}
          selected={tool.current}
          aria-current={tool.current ? 'page' : undefined}
          sx={{ display: { xs: 'flex', md: 'none' } }}
        >
          {tool.label}
        </MenuItem>
      ))}
      {tools.length > 0 && <Divider sx={{ display: { xs: 'block', md: 'none' } }} />}
      <MenuItem onClick={() => go(paths.profile)}>{t('nav.editProfile')}</MenuItem>
      <MenuItem onClick={() => go(paths.faq)}>{t('nav.faq')}</MenuItem>
      {user?.role === 'admin' && <MenuItem onClick={() => go(paths.admin)}>{t('nav.admin')}</MenuItem>}
      <MenuItem onClick={signOut}>{t('nav.logout')}</MenuItem>
    </Menu>
  );
}
