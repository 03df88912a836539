// The create section: the machine, started with the session's features and the person's today.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { todayOf } from '../../domain/user-rules';
import { selectFeatures } from '../../machines/session/session.selectors';
import { selectStaffId } from '../../ui/form/form-draft';
import { useConsole, useInspect } from '../../ui/console-context';
import { liveUserCreateMachine } from './user-create.live';
import { UserCreateCtx } from './user-create-context';
import { CreateDraftKeeper, useCreateDraft } from './create-draft-keeper';
import { UserCreateView } from './user-create-view';

export function UserCreatePage({ openUser }: { openUser?: (id: number) => void }) {
  const { session, config } = useConsole();
  const features = useSelector(session, selectFeatures);
  const staff = useSelector(session, selectStaffId);
  const draft = useCreateDraft(staff);
  // Read once: the form's defaults count from the day it was opened; a kept draft is typed on top.
  const [input] = useState(() => ({
    product: config.product_key,
    features,
    today: todayOf(new Date(), 'local'),
    draft,
  }));
  return (
    <UserCreateCtx.Provider logic={liveUserCreateMachine} options={{ input, inspect: useInspect() }}>
      <UserCreateView openUser={openUser} />
      <CreateDraftKeeper staff={staff} />
    </UserCreateCtx.Provider>
  );
}
