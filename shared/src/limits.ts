/** Business constants and limits of SPEC §9, shared by the web app and the API. */
export const LIMITS = {
  requestTimeoutMs: 10_000,
  successToastMs: 4_000,
  errorToastMs: 5_000,
  uploadMaxBytes: 50 * 1024 * 1024,
  /** An uploaded image may have at most this many pixels (width × height), so a small file cannot decode to gigabytes. */
  uploadMaxPixels: 40_000_000,
  /** A multipart body: at most this many parts, files, text fields, bytes per text field and characters per name. */
  multipartMaxParts: 70,
  multipartMaxFiles: 10,
  multipartMaxFields: 60,
  multipartMaxFieldBytes: 64 * 1024,
  multipartMaxNameLength: 100,
  /** Path ids (ULIDs, demo account ids, share tokens) are at most this long. */
  pathIdMaxLength: 64,
  glassSizeMaxCl: 99,
  bottleSizeBelow: 100,
  minimumAge: 18,
  passwordMinLength: 6,
  organizationNumberDigits: 9,
  wineListPrivateNoteMax: 14,
  supplierConfirmationHours: { min: 2, max: 24 },
  termsChangeNoticeDays: 30,
  marketValueChangeWindowDays: 30,
  vintageFilterYears: 50,
  prefetchMarginPx: 200,
} as const;

/** Layout breakpoints in px (SPEC §9). */
export const BREAKPOINTS = { xs: 600, sm: 960, md: 1280, lg: 1440 } as const;

/** Widths the image service renders (SPEC §7): device widths and the small sizes 16–384. */
export const IMAGE_DEVICE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SMALL_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_WIDTHS: readonly number[] = [...IMAGE_SMALL_WIDTHS, ...IMAGE_DEVICE_WIDTHS];

export const SESSION_COOKIE = 'KORK_TOKEN';
export const CURRENCY_COOKIE = 'KORK_CURRENCY';
export const LANGUAGE_COOKIE = 'KORK_LANGUAGE';
