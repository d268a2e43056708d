import { type LoaderFunctionArgs, redirect } from 'react-router';
import { viewerReady } from '../lib/session';

/**
 * The loader of pages that need a signed-in person: it waits for the viewer, and sends a visitor to
 * sign in with a `redirect` back to the page they asked for.
 */
export async function requireViewer({ request }: LoaderFunctionArgs): Promise<null> {
  if (await viewerReady()) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/sign-in?redirect=${encodeURIComponent(`${pathname}${search}`)}`);
}
