import { Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

export interface CellarOwnerPageProps {
  /** The page's title (the document title too). */
  title: string;
  /** Where the page is, for the sign-in link to come back to. */
  path: string;
  /** "Sign in to see …" and the link's own words. */
  signedOut: string;
  signIn: string;
  /** The page for the signed-in owner; keyed by the user, so another sign-in starts it afresh. */
  children: (userId: string) => ReactNode;
}

/**
 * A cellar page of its owner with its own server-state cache: a skeleton while the session loads, a way
 * to sign in for a visitor, else the page itself.
 */
export function CellarOwnerPage(props: CellarOwnerPageProps) {
  return (
    <QueryProvider>
      <OwnerGate {...props} />
    </QueryProvider>
  );
}

function OwnerGate({ title, path, signedOut, signIn, children }: CellarOwnerPageProps) {
  const session = useSession();
  usePageTitle(title);
  if (session.status === 'loading')
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="40%" />
        <Skeleton height={96} />
      </Stack>
    );
  if (session.status === 'anonymous')
    return (
      <Text>
        {signedOut} <Link to={`/sign-in?redirect=${encodeURIComponent(path)}`}>{signIn}</Link>
      </Text>
    );
  return children(session.user.id);
}
