// The create section: the machine, started with the session's features and the person's today.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { todayOf } from '../../domain/user-rules';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole, useInspect } from '../console-context';
import { liveUserCreateMachine } from '../../machines/user-create/user-create.live';
import { UserCreateCtx } from './user-create-context';
import { UserCreateView } from './user-create-view';

export function UserCreatePage({ openUser }: { openUser?: (id: number) => void }) {
  const { session, config } = useConsole();
  const features = useSelector(session, selectFeatures);
  // Read once: the form's defaults count from the day it was opened.
  const [input] = useState(() => ({ product: config.product_key, features, today: todayOf(new Date(), 'local') }));
  return (
    <UserCreateCtx.Provider logic={liveUserCreateMachine} options={{ input, inspect: useInspect() }}>
      <UserCreateView openUser={openUser} />
    </UserCreateCtx.Provider>
  );
}
