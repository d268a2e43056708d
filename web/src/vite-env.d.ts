/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The web client's API key; the local stack accepts `kork-local-web`. */
  readonly VITE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
