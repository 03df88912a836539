import type { SnapshotFrom } from 'xstate';
import type { ContentKind } from '../../domain/user-content';
import type { contentCopyMachine } from './content-copy.machine';
import { mayCopy, type userContentMachine } from './user-content.machine';
import type { ActorRefFrom } from 'xstate';

type S = SnapshotFrom<typeof userContentMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectLoadingMore = (s: S) => s.matches('loadingMore');
export const selectRetrying = (s: S) => (s.matches('retrying') ? s.context.retrying : null);
export const selectParts = (s: S) => s.context.parts;
export const selectChosen = (s: S) => s.context.chosen;
export const selectNotice = (s: S) => s.context.notice;
export const selectUserId = (s: S) => s.context.userId;
/** Whether this session may tick and copy the kind. */
export const selectMayCopy = (kind: ContentKind) => (s: S) => mayCopy(s.context.features, kind);
export const selectSettings = (s: S) => s.context.settings;
export const selectSettingsLoading = (s: S) => s.matches({ settings: 'loading' });
export const selectSettingsFailed = (s: S) => s.matches({ settings: 'failed' });
export const selectSettingsShown = (s: S) => s.matches({ settings: 'shown' });
/** The copy dialog's actor while it is open. */
export const selectCopyActor = (s: S) =>
  s.matches('copying') ? ((s.children['copy'] as ActorRefFrom<typeof contentCopyMachine> | undefined) ?? null) : null;
