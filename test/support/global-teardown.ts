import { stopTestServices } from './test-services';

export default async function globalTeardown(): Promise<void> {
  const services = globalThis.__CLARI_TEST_SERVICES__;
  if (services) await stopTestServices(services);
}
