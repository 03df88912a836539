// The menu table decides which feature guards each path: the section's own path, its aliases and
// the pages below them (the edit page under /user_list, one workflow under /workflows).
import { describe, expect, it } from 'vitest';
import { MENU, menuEntryFor } from '../../src/domain/menu';

describe('menuEntryFor', () => {
  it('finds each section by its path and aliases', () => {
    for (const entry of MENU) {
      expect(menuEntryFor(entry.path)).toBe(entry);
      for (const alias of entry.aliases ?? []) expect(menuEntryFor(alias)).toBe(entry);
    }
  });

  it('finds the section of a page below it, and no section for a path it does not know', () => {
    expect(menuEntryFor('/user_list/42')?.feature).toBe('user_mgmt');
    expect(menuEntryFor('/workflows/userEdit')?.feature).toBe('workflows_tab');
    expect(menuEntryFor('/modify_groups_v2')?.feature).toBe('group_mgmt_v2');
    expect(menuEntryFor('/user_listing')).toBeUndefined();
    expect(menuEntryFor('/')).toBeUndefined();
  });
});
