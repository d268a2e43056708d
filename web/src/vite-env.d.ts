/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The web client's API key; the local stack accepts `kork-local-web`. */
  readonly VITE_API_KEY?: string;
  /** The AI client's API key (the assistant's routes only); the local stack accepts `kork-local-ai`. */
  readonly VITE_AI_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
