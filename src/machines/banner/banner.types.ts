export type BannerTone = 'info' | 'error';

export interface BannerContext {
  tone: BannerTone;
  text: string;
}

export type BannerEvent =
  | { type: 'banner.show'; tone: BannerTone; text: string }
  /** Any click after the banner appeared (spec §2: 5 seconds or until the next click). */
  | { type: 'banner.dismiss' }
  /** The pointer came onto the message or focus went into it. */
  | { type: 'banner.hold' }
  /** The pointer left it and focus is elsewhere. */
  | { type: 'banner.release' };
