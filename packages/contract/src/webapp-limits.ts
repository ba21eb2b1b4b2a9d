/**
 * The multi-platform app's limits. Apart from webapp.ts, whose response schemas need zod: the
 * published app's own script reads these and stays a few kilobytes.
 */
export const WEBAPP_LIMITS = {
  /** A pushed message's longest length. */
  pushMessageMax: 160,
  pushTitleMax: 60,
  nameMax: 60,
  textMax: 5000,
  linkMax: 500,
  /** Banners change this often inside the app, picked at random. */
  bannerRotateMs: 60_000,
  /** Largest image accepted (bytes). */
  imageMaxBytes: 5 * 1024 * 1024,
} as const;
