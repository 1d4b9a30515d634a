import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

/**
 * Strict CSP: scripts only from our origin, no inline scripts. Inline styles are allowed
 * because MUI (emotion) injects <style> elements at runtime. Images and media also accept
 * blob:/data: for previews of recordings and uploads made in the browser.
 */
export function securityHeaders(config: AppConfig) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.nodeEnv === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.nodeEnv === 'production',
  });
}
