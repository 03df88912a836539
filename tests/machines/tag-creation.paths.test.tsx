// Generated paths of the Create Tag dialog, replayed in the user screen's tag selector against the
// real server: the server creates the tag (the selector then selects and saves it), refuses a
// name that exists, or cannot be reached.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { tagCreationMachine } from '../../src/sections/tags/tag-creation.machine';
import { describePaths } from '../support/path-world';
import type { Driver } from '../support/replay';
import { TAG_CREATION_NAME, tagCreationPlan } from '../../src/sections/tags/tag-creation.plan';
import {
  GROUP,
  chosenNames,
  closeTagWorld,
  createTagWorld,
  mountTagSelector,
  openCreateTag,
  storedNames,
  tagBox,
  type TagWorld,
} from './tag-selector.world';

const DESCRIPTION = 'Made in the user screen';
const CREATE = '/user/update_user_tags/';
let world: TagWorld;

beforeEach(async () => {
  world = await createTagWorld();
});
afterEach(async () => {
  await closeTagWorld(world);
});

const dialog = () => screen.getByRole('dialog', { name: 'Create Tag' });
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Tag Name' });
const addButton = () => within(dialog()).getByRole('button', { name: 'Add' });

function driver(): Driver<TagWorld> {
  return {
    machine: tagCreationMachine,
    bridge: world.bridge,
    world,
    calls: { createTag: CREATE },
    mount: async () => {
      mountTagSelector(world);
      await tagBox();
    },
    actor: () => world.selector!.getSnapshot().children.tagCreation as AnyActorRef,
    perform: {
      'tag.open': () => openCreateTag(world, TAG_CREATION_NAME),
      'draft.change': async () => {
        await world.user.type(within(dialog()).getByRole('textbox', { name: 'Tag Description' }), DESCRIPTION);
      },
      'draft.group': async () => {
        await world.user.click(within(dialog()).getByRole('combobox', { name: 'Tag Group' }));
        await world.user.click(await screen.findByRole('option', { name: new RegExp(`^${GROUP}`) }));
      },
      'tag.submit': async () => world.user.click(addButton()),
      'tag.retry': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Retry' })),
      'tag.cancel': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      // Someone created the same name (in another case) meanwhile.
      duplicate: async () => {
        await world.server.db
          .insertInto('tags')
          .values({
            name: TAG_CREATION_NAME.toUpperCase(),
            color: '#000000',
            description: '',
            parent_id: null,
            icon: null,
            is_group: 0,
            created_by: 'other',
            created_at: Date.now(),
          })
          .execute();
      },
      unreachable: async () => world.bridge.setOffline(true, [CREATE]),
    },
    afterOutcome: {
      duplicate: async () => {
        await world.server.db.deleteFrom('tags').where('name', '=', TAG_CREATION_NAME.toUpperCase()).execute();
      },
      unreachable: async () => world.bridge.setOffline(false),
    },
    expectations: {
      closed: async (s, { step }) => {
        expect(s.queryByRole('dialog', { name: 'Create Tag' })).toBeNull();
        if (step?.outcome === 'created') {
          // The new tag is selected, and the selector saves it for the user at once.
          expect(chosenNames()).toEqual([TAG_CREATION_NAME]);
          await waitFor(async () => expect(await storedNames(world)).toEqual([TAG_CREATION_NAME]));
        } else {
          expect(chosenNames()).toEqual([]);
        }
      },
      editing: (s, { step }) => {
        expect(nameField()).toHaveValue(TAG_CREATION_NAME);
        expect(nameField()).toBeEnabled();
        expect(within(dialog()).getByLabelText('Tag Color')).toHaveValue('#c0c0c0');
        expect(addButton()).toBeEnabled();
        expect(s.queryByRole('alert')).toBeNull();
        if (step?.event.type === 'draft.change')
          expect(within(dialog()).getByRole('textbox', { name: 'Tag Description' })).toHaveValue(DESCRIPTION);
        if (step?.event.type === 'draft.group')
          expect(within(dialog()).getByRole('combobox', { name: 'Tag Group' })).toHaveTextContent(GROUP);
      },
      saving: () => {
        expect(nameField()).toBeDisabled();
        expect(addButton()).toBeDisabled();
        expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      refused: (s) => {
        expect(within(s.getByRole('dialog', { name: 'Create Tag' })).getByRole('alert')).toHaveTextContent(
          `A tag named '${TAG_CREATION_NAME}' exists.`,
        );
        expect(nameField()).toBeEnabled();
        expect(addButton()).toBeEnabled();
      },
      failed: () => {
        expect(within(dialog()).getByRole('alert')).toHaveTextContent('Error: no response from the server');
        expect(within(dialog()).getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(within(dialog()).queryByRole('button', { name: 'Add' })).toBeNull();
      },
    },
  };
}

describePaths('tagCreation machine paths', tagCreationPlan, { driver });
