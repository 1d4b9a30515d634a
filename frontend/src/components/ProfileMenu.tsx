import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@clari/contracts';
import { paths } from '../config/paths';

export interface ProfileMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  user: SessionUser | null;
  /** Cross-links to the other apps; shown here on phones, where the bar has no room for them. */
  links: ReadonlyArray<{ to: string; label: string }>;
  go: (to: string) => void;
  signOut: () => void;
}

/**
 * The top bar's profile menu. Its own chunk: the menu (MUI's Menu, Popover, Modal and their
 * transitions) is needed only once it opens, not for the first paint of every signed-in page.
 */
export default function ProfileMenu({ anchor, onClose, user, links, go, signOut }: ProfileMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id="profile-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {user && (
        <MenuItem disabled sx={{ opacity: '1 !important', fontSize: 14 }}>
          {user.full_name}
        </MenuItem>
      )}
      {links.map((link) => (
        <MenuItem key={link.to} onClick={() => go(link.to)} sx={{ display: { xs: 'flex', sm: 'none' } }}>
          {link.label}
        </MenuItem>
      ))}
      <MenuItem onClick={() => go(paths.profile)}>{t('nav.editProfile')}</MenuItem>
      <MenuItem onClick={() => go(paths.faq)}>{t('nav.faq')}</MenuItem>
      {user?.role === 'admin' && <MenuItem onClick={() => go(paths.admin)}>{t('nav.admin')}</MenuItem>}
      <MenuItem onClick={signOut}>{t('nav.logout')}</MenuItem>
    </Menu>
  );
}
