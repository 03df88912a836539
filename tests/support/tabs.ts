import { screen } from '@testing-library/react';

/**
 * A Radix Themes tab by its words. Radix draws each label twice (one copy, hidden by the
 * stylesheet, keeps the tab's width when bold); the test page has no stylesheet and reads both.
 */
export const tabName = (words: string) => new RegExp(`^${words}(\\s?${words})?$`);

export const tab = (words: string) => screen.getByRole('tab', { name: tabName(words) });
