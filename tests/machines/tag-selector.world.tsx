// The world of the tag paths: a signed-in staff member holding every feature, a managed user
// without tags, two tags and a tag group on the real server in-process, and the user screen's
// tag selector mounted with the console's providers (the Create Tag dialog comes with it).
import { Theme } from '@radix-ui/themes';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { FEATURE_KEYS } from '../../src/domain/features';
import type { ConsoleActors } from '../../src/machines/live';
import { ConsoleContext } from '../../src/ui/console-context';
import { TagSelectorCtx } from '../../src/ui/tags/tag-selector-context';
import { TagSelectorScope, TagSelectorView } from '../../src/ui/tags/tag-selector';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { startSignedInConsole, stopConsole } from '../support/signed-in-console';
import { userRow } from '../support/factories';

export const TAGS = { alpha: 'Alpha desk', beta: 'Beta program' } as const;
export const GROUP = 'Regions';

export interface TagWorld {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  userId: number;
  actors: ConsoleActors;
  /** The selector's actor, once mounted. */
  selector: AnyActorRef | null;
}

export async function createTagWorld(features: readonly string[] = FEATURE_KEYS): Promise<TagWorld> {
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const staff = await server.createStaff({ username: 'tagger', features: [...features], activated: true });
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

  const actors = await startSignedInConsole(server, staff);
  return { server, bridge, user: userEvent.setup(), userId: managed.id, actors, selector: null };
}

export async function closeTagWorld(world: TagWorld): Promise<void> {
  stopConsole(world.actors);
  world.bridge.disconnect();
  await world.server.close();
}

/** Renders the tag selector of the world's user, as the user screen mounts it. */
export function mountTagSelector(world: TagWorld, { disabled = false }: { disabled?: boolean } = {}): void {
  function Probe() {
    world.selector = TagSelectorCtx.useActorRef();
    return null;
  }
  render(
    <Theme>
      <ConsoleContext.Provider value={{ ...world.actors, config: DEFAULT_APP_CONFIG }}>
        <TagSelectorScope userId={world.userId}>
          <Probe />
          <TagSelectorView disabled={disabled} />
        </TagSelectorScope>
      </ConsoleContext.Provider>
    </Theme>,
  );
}

export const tagBox = () => screen.findByRole('textbox', { name: 'Add a tag' });

/** Names of the tags shown as chosen, in order. */
export function chosenNames(): string[] {
  const list = screen.getByRole('list', { name: 'Chosen tags' });
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
