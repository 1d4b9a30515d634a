import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PublicAppConfig } from '@clari/contracts';
import { apiPaths } from '../config/api-paths';
import { api, takeLoadedWithPage } from './api';

export interface PublicConfigState extends Omit<PublicAppConfig, 'helplines'> {
  /** Until the settings arrive, the help card shows the defaults from the locale texts. */
  helplines?: PublicAppConfig['helplines'];
  /** False until the settings have arrived (or failed to). */
  loaded: boolean;
}

// Until the settings arrive, voice input is assumed available (no flicker where it is).
const INITIAL: PublicConfigState = {
  contactEmail: '',
  companyName: '',
  companyRegistrationNumber: '',
  transcriptionAvailable: true,
  loaded: false,
};
const PublicConfigContext = createContext<PublicConfigState>(INITIAL);

/** Contact address and company details from the server's configuration, fetched once. */
export function PublicConfigProvider({ children }: { children: ReactNode }) {
  // The app's start asks for them (main.tsx); when they have come by the first render, the
  // page renders with them, not once without and again with them.
  const [config, setConfig] = useState<PublicConfigState>(() => {
    const settings = takeLoadedWithPage<PublicAppConfig>(apiPaths.publicConfig);
    return settings ? { ...settings, loaded: true } : INITIAL;
  });
  const { loaded } = config;
  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    api<PublicAppConfig>(apiPaths.publicConfig, { signal: controller.signal })
      .then((settings) => setConfig({ ...settings, loaded: true }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load public settings', error);
        setConfig((current) => ({ ...current, loaded: true }));
      });
    return () => controller.abort();
    // Asked once: `loaded` only turns true, by this request or with the first render's settings.
  }, [loaded]);
  return <PublicConfigContext.Provider value={config}>{children}</PublicConfigContext.Provider>;
}

export const usePublicConfig = () => useContext(PublicConfigContext);
