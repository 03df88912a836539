// The world of the tag paths: a signed-in staff member holding every feature, a managed user
// without tags, two tags and a tag group on the real server in-process, and the user screen's
// tag selector mounted with the console's providers (the Create Tag dialog comes with it).
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import { TagSelectorCtx } from '../../src/sections/tags/tag-selector-context';
import { TagSelectorScope, TagSelectorView } from '../../src/sections/tags/tag-selector';
import {
  ActorProbe,
  closeSignedInWorld,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { userRow } from '../support/factories';

export const TAGS = { alpha: 'Alpha desk', beta: 'Beta program' } as const;
export const GROUP = 'Regions';

export interface TagWorld extends SignedInWorld {
  userId: number;
  /** The selector's actor, once mounted. */
  selector: AnyActorRef | null;
}

export async function createTagWorld(features: readonly string[] = FEATURE_KEYS): Promise<TagWorld> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'tagger', features });
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Tagged Org', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const managed = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: 'tess.tagged',
        email: 'tess@tagged-org.example',
        first_name: 'Tess',
        last_name: 'Tagged',
        organization_id: org.id,
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, color, description] of [
    [TAGS.alpha, '#1E6FD9', 'Accounts the Alpha desk covers'],
    [TAGS.beta, '#F5D76E', ''],
  ] as const) {
    await server.db
      .insertInto('tags')
      .values({
        name,
        color,
        description,
        parent_id: null,
        icon: null,
        is_group: 0,
        created_by: 'system',
        created_at: now,
      })
      .execute();
  }
  await server.db
    .insertInto('tags')
    .values({
      name: GROUP,
      color: '#C0C0C0',
      description: 'Where the desk sits',
      parent_id: null,
      icon: null,
      is_group: 1,
      created_by: 'system',
      created_at: now,
    })
    .execute();

  const { actors, user } = await signIn();
  return { server, bridge, user, userId: managed.id, actors, selector: null };
}

export async function closeTagWorld(world: TagWorld): Promise<void> {
  await closeSignedInWorld(world);
}

/** Renders the tag selector of the world's user, as the user screen mounts it. */
export function mountTagSelector(world: TagWorld, { disabled = false }: { disabled?: boolean } = {}): void {
  renderInConsole(
    world.actors,
    <TagSelectorScope userId={world.userId}>
      <ActorProbe hook={TagSelectorCtx.useActorRef} keep={(ref) => (world.selector = ref)} />
      <TagSelectorView disabled={disabled} />
    </TagSelectorScope>,
  );
}

export const tagBox = () => screen.findByRole('textbox', { name: 'Add a tag' });

/** Names of the tags shown as chosen, in order. */
export function chosenNames(): string[] {
  const list = screen.queryByRole('list', { name: 'Chosen tags' });
  if (!list) return [];
  return within(list)
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('[data-tag-label]')!.getAttribute('data-tag-label')!);
}

/** Names of the tags the server holds for the user. */
export async function storedNames(world: TagWorld): Promise<string[]> {
  const rows = await world.server.db
    .selectFrom('user_tags')
    .innerJoin('tags', 'tags.id', 'user_tags.tag_id')
    .select('tags.name')
    .where('user_tags.user_id', '=', world.userId)
    .execute();
  return rows.map((r) => r.name).sort();
}

/** Types a name no tag has and opens the Create Tag dialog with it. */
export async function openCreateTag(world: TagWorld, name: string): Promise<void> {
  const box = await tagBox();
  await world.user.clear(box);
  await world.user.type(box, name);
  await world.user.click(screen.getByRole('button', { name: `Create tag '${name}'` }));
  await screen.findByRole('dialog', { name: 'Create Tag' });
}

/** The dialog's Add, then the dialog closing once the server created the tag. */
export async function addTagInDialog(world: TagWorld): Promise<void> {
  await world.user.click(
    within(screen.getByRole('dialog', { name: 'Create Tag' })).getByRole('button', { name: 'Add' }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Tag' })).toBeNull());
}

/** Takes the user away (the server then lists them as invalid) and gives a function that brings them back. */
export async function removeUser(world: TagWorld): Promise<() => Promise<void>> {
  const row = await world.server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', world.userId)
    .executeTakeFirstOrThrow();
  await world.server.db.deleteFrom('users').where('id', '=', world.userId).execute();
  return async () => {
    await world.server.db.insertInto('users').values(row).execute();
  };
}
