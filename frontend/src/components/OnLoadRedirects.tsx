import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TIMING } from '@clari/contracts/timing';
import { paths, REDIRECT_AFTER_LOAD_KEY } from '../config/paths';

/** Only same-site paths are followed, never another origin. */
function isInternalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * On-load behaviour (part 1 §2, part 2 "On-load behaviour"): ?verifyEmail=… replaces the
 * route with /verify-email?token=…; a session-stored redirectAfterLoad is read once and,
 * when the user is at /, followed (replace) after 50 ms.
 */
export function OnLoadRedirects() {
  const navigate = useNavigate();
  const location = useLocation();

  // Runs once, with the URL the app was opened at; only unmounting cancels the pending redirect.
  useEffect(() => {
    const token = new URLSearchParams(location.search).get('verifyEmail');
    if (token !== null) {
      navigate(`${paths.verifyEmail}?token=${encodeURIComponent(token)}`, { replace: true });
      return;
    }
    let target: string | null = null;
    try {
      target = sessionStorage.getItem(REDIRECT_AFTER_LOAD_KEY);
      sessionStorage.removeItem(REDIRECT_AFTER_LOAD_KEY);
    } catch {
      target = null;
    }
    if (target && isInternalPath(target) && location.pathname === paths.home) {
      const timer = setTimeout(() => navigate(target, { replace: true }), TIMING.redirectAfterLoadMs);
      return () => clearTimeout(timer);
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on-load behaviour, deliberately once
  }, []);

  return null;
}
