/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The web client's API key; the local stack accepts `kork-local-web`. */
  readonly VITE_API_KEY?: string;
  /** Google sign-in's OAuth client id; without it the Google button says the provider is not configured. */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  /** Sign in with Apple's services id; without it the Apple button says the provider is not configured. */
  readonly VITE_APPLE_CLIENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
