import type { SocialCredential, SocialProvider } from './social-sign-in';

/**
 * Asks the provider's own SDK for a credential. Kork never loads a provider's script itself: a deploy
 * that configures a client id also adds the provider's script tag to the page, and this reads the SDK
 * it leaves on `window`. Without it the answer is `undefined` and the screen says sign-in failed.
 */
interface GoogleSdk {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      prompt(): void;
    };
  };
}

interface AppleSdk {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<{
      authorization: { id_token: string; code?: string };
      user?: { email?: string; name?: { firstName?: string; lastName?: string } };
    }>;
  };
}

declare global {
  interface Window {
    google?: GoogleSdk;
    AppleID?: AppleSdk;
  }
}

function googleCredential(clientId: string, sdk: GoogleSdk): Promise<SocialCredential | undefined> {
  return new Promise((resolve) => {
    sdk.accounts.id.initialize({
      client_id: clientId,
      callback: (response) =>
        resolve(response.credential ? { provider: 'google', idToken: response.credential } : undefined),
    });
    sdk.accounts.id.prompt();
  });
}

async function appleCredential(clientId: string, sdk: AppleSdk): Promise<SocialCredential | undefined> {
  sdk.auth.init({
    clientId,
    scope: 'name email',
    redirectURI: `${location.origin}/auth/apple`,
    usePopup: true,
  });
  const answer = await sdk.auth.signIn();
  return {
    provider: 'apple',
    identityToken: answer.authorization.id_token,
    authorizationCode: answer.authorization.code,
    email: answer.user?.email,
    givenName: answer.user?.name?.firstName,
    familyName: answer.user?.name?.lastName,
  };
}

export async function requestCredential(provider: SocialProvider): Promise<SocialCredential | undefined> {
  const env = import.meta.env;
  if (provider === 'google') {
    const clientId = env.VITE_GOOGLE_CLIENT_ID;
    return clientId && window.google ? googleCredential(clientId, window.google) : undefined;
  }
  const clientId = env.VITE_APPLE_CLIENT_ID;
  return clientId && window.AppleID ? appleCredential(clientId, window.AppleID) : undefined;
}
