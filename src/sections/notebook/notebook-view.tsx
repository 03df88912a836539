// The Notebook tab's view: the version against §9's rule, then the email notifications, the note
// templates and the notebook tags, each saved on its own. Thin: everything comes from selectors.
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { summaryOf } from '../../domain/field-errors';
import { deploymentRuleText, userVersionText } from './notebook.rules';
import {
  selectError,
  selectFailed,
  selectFieldErrors,
  selectLoading,
  selectNotebook,
  selectNotice,
  selectSaveError,
  selectStale,
} from './notebook.selectors';
import { GroupDialog } from './group-dialog';
import { NotebookCtx } from './notebook-context';
import { NotificationSection } from './notification-section';
import { TagsSection } from './tags-section';
import { TemplatesSection } from './templates-section';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { NoticeCallout } from '../../ui/shared/notice-callout';

/** The request fields a section shows at its controls; anything else is said at the top. */
const SHOWN_AT_FIELDS = ['frequency', 'content_types', 'template_ids', 'tag_ids'];

export function NotebookView() {
  const actor = NotebookCtx.useActorRef();
  const loading = NotebookCtx.useSelector(selectLoading);
  const failed = NotebookCtx.useSelector(selectFailed);
  const error = NotebookCtx.useSelector(selectError);
  const notebook = NotebookCtx.useSelector(selectNotebook);
  const stale = NotebookCtx.useSelector(selectStale);
  const saveError = NotebookCtx.useSelector(selectSaveError);
  const notice = NotebookCtx.useSelector(selectNotice);
  const fieldErrors = NotebookCtx.useSelector(selectFieldErrors);
  if (loading)
    return (
      <Text size="2" color="gray" role="status" aria-label="Loading notebook settings">
        Loading notebook settings…
      </Text>
    );
  if (failed) {
    return <RetryCallout error={error} onRetry={() => actor.send({ type: 'load.retry' })} />;
  }
  const shown = Object.fromEntries(Object.entries(fieldErrors).filter(([k, m]) => m && SHOWN_AT_FIELDS.includes(k)));
  const other = Object.fromEntries(
    Object.entries(fieldErrors).filter(([k, m]) => m && k !== '_' && !SHOWN_AT_FIELDS.includes(k)),
  );
  const whole = fieldErrors['_'] && Object.keys(shown).length === 0 ? summaryOf(other, fieldErrors['_']) : null;
  return (
    <Flex direction="column" gap="3">
      {notebook && (
        <Card aria-label="Notebook version">
          <Heading as="h3" size="3">
            Notebook version
          </Heading>
          <Text as="p" size="2" mt="1">
            {userVersionText(notebook)}
          </Text>
          <Text as="p" size="1" color="gray">
            {deploymentRuleText(notebook)}
          </Text>
        </Card>
      )}
      {stale && (
        <Callout.Root color="amber" role="alert" aria-label="Changed meanwhile">
          <Callout.Text>
            {stale} Your unsaved choices are still shown: save them again to apply them, or discard them.{' '}
            <Button size="1" variant="soft" color="gray" onClick={() => actor.send({ type: 'stale.discard' })}>
              Discard my changes
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      {saveError && (
        <RetryCallout error={saveError} onRetry={() => actor.send({ type: 'save.retry' })} label="Not saved" />
      )}
      {whole && (
        <Callout.Root color="red" role="alert" aria-label="Refused">
          <Callout.Text>{whole}</Callout.Text>
        </Callout.Root>
      )}
      <NoticeCallout notice={notice} label="Notebook notice" />
      <NotificationSection />
      <TemplatesSection />
      <TagsSection />
      <GroupDialog />
    </Flex>
  );
}
