import type { SignInConfig } from '@kork/shared';
import { loadScript } from '../../lib/load-script';
import type { SocialCredential, SocialProvider } from './social-sign-in';

/**
 * Asks the provider for a credential. In the cloud that is Google Identity Services or Sign in with
 * Apple JS, loaded from the provider when the button is pressed (the page's Content-Security-Policy
 * allows exactly their scripts when the deployment has their client ids). On `npm start` it is the
 * local sign-in emulator, in a window of its own. `undefined` when the person cancels or the provider
 * is unavailable: the screen then says sign-in failed.
 */
const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const APPLE_SCRIPT = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

interface PromptMoment {
  isNotDisplayed(): boolean;
  isSkippedMoment(): boolean;
  isDismissedMoment(): boolean;
}

interface GoogleSdk {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      prompt(listener?: (moment: PromptMoment) => void): void;
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
    // Google may not show its prompt (turned off, or closed too often): that is no sign-in.
    sdk.accounts.id.prompt((moment) => {
      if (moment.isNotDisplayed() || moment.isSkippedMoment()) resolve(undefined);
    });
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

/** What the emulator's window posts back to the app window that opened it. */
interface EmulatorAnswer {
  type: 'kork-oidc-emulator';
  provider: SocialProvider;
  idToken?: string;
  user?: { email?: string; givenName?: string; familyName?: string };
  error?: string;
}

/** The local sign-in emulator: its page in a popup, the token posted back from the same origin. */
export function emulatorCredential(
  emulator: string,
  provider: SocialProvider,
  clientId: string,
): Promise<SocialCredential | undefined> {
  const url = `${emulator}/authorize?${new URLSearchParams({ provider, client_id: clientId })}`;
  const popup = window.open(url, 'kork-sign-in', 'popup,width=480,height=680');
  if (!popup) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let done = false;
    const finish = (credential: SocialCredential | undefined) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
      resolve(credential);
    };
    const onMessage = (event: MessageEvent<EmulatorAnswer>) => {
      if (event.origin !== location.origin || event.source !== popup) return;
      const answer = event.data;
      if (answer?.type !== 'kork-oidc-emulator' || answer.provider !== provider) return;
      if (!answer.idToken) return finish(undefined);
      finish(
        provider === 'google'
          ? { provider, idToken: answer.idToken }
          : {
              provider,
              identityToken: answer.idToken,
              email: answer.user?.email,
              givenName: answer.user?.givenName,
              familyName: answer.user?.familyName,
            },
      );
    };
    window.addEventListener('message', onMessage);
    // Closed without an answer: cancelled. A moment's grace lets an answer posted just before arrive.
    const watch = window.setInterval(() => {
      if (popup.closed) window.setTimeout(() => finish(undefined), 200);
    }, 300);
  });
}

export async function requestCredential(
  provider: SocialProvider,
  config: SignInConfig,
): Promise<SocialCredential | undefined> {
  const clientId = config[provider]?.clientId;
  if (!clientId) return undefined;
  if (config.emulator) return emulatorCredential(config.emulator, provider, clientId);
  if (provider === 'google') {
    await loadScript(GOOGLE_SCRIPT);
    return window.google ? googleCredential(clientId, window.google) : undefined;
  }
  await loadScript(APPLE_SCRIPT);
  return window.AppleID ? appleCredential(clientId, window.AppleID) : undefined;
}
