/**
 * The generic failure (SPEC §8) in a module of its own, so the app's first screen can show it without
 * loading the whole message catalogue (messages.ts), which the pages with forms bring.
 */
export const GENERIC_MESSAGE = {
  en: 'Error occurred. Please try again.',
  nb: 'Det oppstod en feil. Vennligst prøv igjen.',
} as const;
