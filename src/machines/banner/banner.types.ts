export type BannerTone = 'info' | 'error';

export interface BannerContext {
  tone: BannerTone;
  text: string;
}

export type BannerEvent =
  | { type: 'banner.show'; tone: BannerTone; text: string }
  /** Any click after the banner appeared (spec §2: 5 seconds or until the next click). */
  | { type: 'banner.dismiss' };
