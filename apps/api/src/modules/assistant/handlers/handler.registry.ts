import { Injectable } from '@nestjs/common';
import { CONVERSATION_DOMAINS } from '@clari/contracts';
import type { DomainHandler } from './domain-handler';
import { GeneralHandler } from './general.handler';

/** part 1 §3: the listed domains and any other valueexplorer_ domain. */
export function isKnownDomain(domain: string): boolean {
  return (CONVERSATION_DOMAINS as readonly string[]).includes(domain) || /^valueexplorer_[a-z0-9_]{1,26}$/.test(domain);
}

/**
 * Which handler answers a conversation domain. Feature modules register theirs in
 * onModuleInit; a known domain without one is served by the general guide.
 */
@Injectable()
export class DomainHandlerRegistry {
  private readonly handlers = new Map<string, DomainHandler>();
  private readonly general = new GeneralHandler();

  register(handler: DomainHandler): void {
    for (const domain of handler.domains) {
      if (!isKnownDomain(domain)) throw new Error(`Unknown conversation domain "${domain}"`);
      this.handlers.set(domain, handler);
    }
  }

  /** The handler of a domain; null for a domain the product does not know. */
  resolve(domain: string): DomainHandler | null {
    if (!isKnownDomain(domain)) return null;
    return this.handlers.get(domain) ?? this.general;
  }
}
