// A screen whose one form is kept as a draft (decision 042), built once from what differs between
// such screens: its machine, the draft's form and check, what the actor starts from and what leaving
// would lose. It gives the draft's address, the scope (the actor started from the kept draft and the
// screen's parameters) and the keeper, so no screen writes that wiring again.
import type { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type { AnyActorLogic, InputFrom, SnapshotFrom } from 'xstate';
import type { DraftAddress } from '../../services/drafts';
import { useConsole } from '../console-context';
import { FormDraftKeeper, formDraftAddress, RecordScope } from './record-scope';

export interface FormDraftScreen<L extends AnyActorLogic, D, P> {
  ctx: ReturnType<typeof createActorContext<L>>;
  /** The machine for the console's product (made again only when the product changes). */
  logic: (productKey: string) => L;
  /** The draft's form name, its check on reading it back and the machine's draft and changed selectors. */
  draft: {
    form: string;
    check: (value: unknown) => D | null;
    select: { draft: (s: SnapshotFrom<L>) => unknown; changed: (s: SnapshotFrom<L>) => boolean };
  };
  /** The actor's input from the screen's parameters and the kept draft. */
  input: (params: P, kept: D | null) => InputFrom<L>;
  /** What leaving would lose, in the question. */
  description: string;
  leaveLabel?: string;
}

export function formDraftScope<L extends AnyActorLogic, D, P>(screen: FormDraftScreen<L, D, P>) {
  const { ctx, draft } = screen;
  const address = (staff: number | null): DraftAddress | null => formDraftAddress(draft.form, staff);

  /** The screen's actor for the staff member, started from the kept draft and the parameters. */
  function Scope({ staff, params, children }: { staff: number | null; params: P; children: ReactNode }) {
    const { config } = useConsole();
    const logic = useMemo(() => screen.logic(config.product_key), [config.product_key]);
    return (
      <RecordScope
        ctx={ctx}
        logic={logic}
        address={address(staff)}
        check={draft.check}
        input={(kept) => screen.input(params, kept)}
      >
        {children}
      </RecordScope>
    );
  }

  /** Keeps the changed form as a draft; leaving with it asks first and drops it. */
  function DraftKeeper({ staff }: { staff: number | null }) {
    return (
      <FormDraftKeeper
        ctx={ctx}
        select={draft.select}
        address={address(staff)}
        description={screen.description}
        {...(screen.leaveLabel === undefined ? {} : { leaveLabel: screen.leaveLabel })}
      />
    );
  }

  return { address, Scope, DraftKeeper };
}
