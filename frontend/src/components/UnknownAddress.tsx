import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';

/** What the start page is told when it stands in for an address the app does not have. */
export interface UnknownAddressState {
  notFound: string;
}

/**
 * An address the app does not have: the specification sends it to the start page, which then
 * says that the page asked for does not exist, rather than showing the start page as if asked for.
 */
export default function UnknownAddress() {
  const { pathname } = useLocation();
  return <Navigate to={paths.home} replace state={{ notFound: pathname } satisfies UnknownAddressState} />;
}

/** The unknown address a redirect brought the person from, if any. */
export function unknownAddressIn(state: unknown): string | null {
  const notFound = (state as Partial<UnknownAddressState> | null)?.notFound;
  return typeof notFound === 'string' ? notFound : null;
}
