// Generated paths of the user screen's tag selector, replayed on the real view against the real
// server: tags load (or do not), each change is saved at once as an overwrite (spec §4
// auto-submit), a change made while a save is on its way follows it, and a save can fail.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { tagSelectorMachine } from '../../src/sections/tags/tag-selector.machine';
import { describePaths } from '../support/path-world';
import type { Driver } from '../support/replay';
import { TAG_SELECTOR_NEW, tagSelectorPlan } from '../../src/sections/tags/tag-selector.plan';
import {
  TAGS,
  addTagInDialog,
  chosenNames,
  closeTagWorld,
  createTagWorld,
  mountTagSelector,
  openCreateTag,
  removeUser,
  storedNames,
  tagBox,
  type TagWorld,
} from './tag-selector.world';

const LOAD = '/user/fetch_user_tags/';
const SAVE = '/user/assign_tags/';

interface World extends TagWorld {
  /** What the person has chosen so far, in order. */
  chosen: string[];
  created: number;
  restoreUser: (() => Promise<void>) | null;
}
let world: World;

function driver(): Driver<World> {
  return {
    machine: tagSelectorMachine,
    bridge: world.bridge,
    world,
    calls: { loadTags: LOAD, saveTags: SAVE },
    mount: async () => mountTagSelector(world),
    actor: () => world.selector!,
    perform: {
      'tags.query': async () => world.user.type(await tagBox(), TAG_SELECTOR_NEW),
      'tags.create': async () =>
        world.user.click(screen.getByRole('button', { name: `Create tag '${TAG_SELECTOR_NEW}'` })),
      'tags.add': async () => {
        await world.user.type(await tagBox(), 'alp');
        await world.user.click(screen.getByRole('button', { name: `Add tag ${TAGS.alpha}` }));
        world.chosen.push(TAGS.alpha);
      },
      'tags.remove': async () => {
        await world.user.click(screen.getByRole('button', { name: `Remove tag ${TAGS.alpha}` }));
        world.chosen = world.chosen.filter((n) => n !== TAGS.alpha);
      },
      // Through the Create Tag dialog, each time with a name no tag has yet.
      'tag.created': async () => {
        const name = `${TAG_SELECTOR_NEW} ${++world.created}`;
        await openCreateTag(world, name);
        await addTagInDialog(world);
        world.chosen.push(name);
      },
      'tags.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Try again' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [LOAD]),
      saveFailed: async () => world.bridge.setOffline(true, [SAVE]),
      userGone: async () => void (world.restoreUser = await removeUser(world)),
    },
    afterOutcome: {
      loadFailed: async () => world.bridge.setOffline(false),
      saveFailed: async () => world.bridge.setOffline(false),
      userGone: async () => {
        await world.restoreUser?.();
        world.restoreUser = null;
      },
    },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Loading tags…');
        expect(s.queryByRole('textbox', { name: 'Add a tag' })).toBeNull();
      },
      loadFailed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent('Could not load the tags. Error: no response from the server');
        expect(s.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
      'ready.idle': (s, { step }) => {
        if (step?.event.type === 'tags.create') {
          // The Create Tag dialog opens over the selector with the typed name.
          expect(
            within(s.getByRole('dialog', { name: 'Create Tag' })).getByRole('textbox', { name: 'Tag Name' }),
          ).toHaveValue(TAG_SELECTOR_NEW);
          return;
        }
        expect(s.getByRole('textbox', { name: 'Add a tag' })).toBeEnabled();
        // Nothing chosen is said in words, with no empty list for a screen reader to announce.
        expect(s.getByText('No tags')).toBeInTheDocument();
        expect(s.queryByRole('list', { name: 'Chosen tags' })).toBeNull();
        if (step?.event.type === 'tags.query') {
          expect(s.getByRole('button', { name: `Create tag '${TAG_SELECTOR_NEW}'` })).toBeEnabled();
          // Known tags are offered by name as the person types; none holds this text.
          expect(s.queryByRole('button', { name: /^Add tag / })).toBeNull();
        }
      },
      'ready.saving': async (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Saving…');
        expect(chosenNames()).toEqual(world.chosen);
        // A save is on its way (held until the path lets it answer).
        await waitFor(() => expect(world.bridge.pending()).toBeGreaterThan(0));
      },
      'ready.saved': async (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Saved');
        expect(chosenNames()).toEqual(world.chosen);
        expect(await storedNames(world)).toEqual([...world.chosen].sort());
      },
      'ready.failed': (s, { step }) => {
        const alert = s.getByRole('alert');
        if (step?.outcome === 'userGone')
          expect(alert).toHaveTextContent(`Tags not saved. Invalid Users: ${world.userId}`);
        else expect(alert).toHaveTextContent('Tags not saved. Error: no response from the server');
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        // The choice stays on screen, to be retried or changed.
        expect(chosenNames()).toEqual(world.chosen);
      },
    },
  };
}

describePaths('tagSelector machine paths', tagSelectorPlan, {
  before: async () => {
    world = { ...(await createTagWorld()), chosen: [], created: 0, restoreUser: null };
  },
  after: () => closeTagWorld(world),
  driver,
});

// Not generated paths: what the same machine shows when the person may not change tags.
describe('tag selector without the right to change tags', () => {
  let viewer: TagWorld;
  afterEach(async () => {
    if (viewer) await closeTagWorld(viewer);
  });

  async function showsTagsOnly(features: string[], disabled: boolean) {
    viewer = await createTagWorld(features);
    await viewer.server.db.insertInto('user_tags').values({ user_id: viewer.userId, tag_id: 1 }).execute();
    mountTagSelector(viewer, { disabled });
    await waitFor(() => expect(chosenNames()).toEqual([TAGS.alpha]));
    expect(screen.queryByRole('textbox', { name: 'Add a tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Remove tag ${TAGS.alpha}` })).toBeNull();
    // The label carries the tag's colour, its text black or white by contrast, its description previewed.
    const label = screen.getByRole('listitem').querySelector('[data-tag-label]') as HTMLElement;
    expect(label).toHaveStyle({ backgroundColor: '#1E6FD9', color: 'white' });
    expect(label.title).toBe('Accounts the Alpha desk covers');
  }

  it('shows the tags without the tags feature, and says why they cannot change', async () => {
    await showsTagsOnly(['admin_panel_access', 'user_mgmt', 'edit_user'], false);
    expect(screen.getByText('Changing tags needs the ‘Tags’ permission.')).toBeInTheDocument();
  });

  it('shows the tags when the screen disables it', async () => {
    await showsTagsOnly([...FEATURE_KEYS], true);
    expect(screen.queryByText('Changing tags needs the ‘Tags’ permission.')).toBeNull();
  });
});

// Not generated paths either: the box is a way to browse, not only to name a tag one knows.
describe('tag selector browsing', () => {
  let browser: TagWorld;
  afterEach(async () => {
    if (browser) await closeTagWorld(browser);
  });

  it('lists the tags to choose when the empty box takes focus, and closes on Escape', async () => {
    browser = await createTagWorld([...FEATURE_KEYS]);
    mountTagSelector(browser);
    const box = await tagBox();
    expect(screen.queryByRole('group', { name: 'Matching tags' })).toBeNull();
    await browser.user.click(box);
    const list = screen.getByRole('group', { name: 'Matching tags' });
    expect(within(list).getByRole('button', { name: `Add tag ${TAGS.alpha}` })).toBeInTheDocument();
    await browser.user.click(within(list).getByRole('button', { name: `Add tag ${TAGS.alpha}` }));
    await waitFor(() => expect(chosenNames()).toEqual([TAGS.alpha]));
    await browser.user.click(await tagBox());
    expect(
      within(screen.getByRole('group', { name: 'Matching tags' })).queryByRole('button', {
        name: `Add tag ${TAGS.alpha}`,
      }),
    ).toBeNull();
    await browser.user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Matching tags' })).toBeNull();
  });
});
