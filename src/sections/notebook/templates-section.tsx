// Note templates: the library by source (a picker when the session may read more than one), each
// template with its kind of content and the start of its text; the user's chosen ones ticked.
import { Badge, Button, Checkbox, Flex, Select, Text } from '@radix-ui/themes';
import { NOTEBOOK_CONTENT_LABELS } from '../../domain/notebook';
import {
  selectBusy,
  selectFieldErrors,
  selectMayEdit,
  selectPartChanged,
  selectSavingPart,
  selectSource,
  selectSources,
  selectTemplateIds,
  selectTemplates,
} from './notebook.selectors';
import { FieldFrame } from '../../ui/form/field-frame';
import { NotebookCtx } from './notebook-context';
import { SelectOptions } from '../../ui/form/select-options';
import { TitledCard } from '../../ui/shared/titled-card';

/** The picker's value for every source (a Select item cannot hold ''). */
const ALL = 'all';
const selectTemplatesChanged = selectPartChanged('templates');

export function TemplatesSection() {
  const actor = NotebookCtx.useActorRef();
  const sources = NotebookCtx.useSelector(selectSources);
  const source = NotebookCtx.useSelector(selectSource);
  const templates = NotebookCtx.useSelector(selectTemplates);
  const chosen = NotebookCtx.useSelector(selectTemplateIds);
  const mayEdit = NotebookCtx.useSelector(selectMayEdit);
  const changed = NotebookCtx.useSelector(selectTemplatesChanged);
  const busy = NotebookCtx.useSelector(selectBusy);
  const saving = NotebookCtx.useSelector(selectSavingPart) === 'templates';
  const error = NotebookCtx.useSelector(selectFieldErrors)['template_ids'] || undefined;
  return (
    <TitledCard
      label="Note templates"
      title="Note templates"
      aside={
        sources.length > 1 && (
          <Select.Root
            value={source || ALL}
            onValueChange={(value) => actor.send({ type: 'source.pick', source: value === ALL ? '' : value })}
          >
            <Select.Trigger aria-label="Template source" />
            <SelectOptions
              position="popper"
              first={{ value: ALL, label: 'All sources' }}
              options={sources.map((s) => ({ value: s.source, label: s.label }))}
            />
          </Select.Root>
        )
      }
    >
      <FieldFrame label="Chosen templates" error={error}>
        <Flex
          direction="column"
          gap="2"
          role={templates.length ? 'list' : undefined}
          aria-label={templates.length ? 'Templates' : undefined}
        >
          {templates.length === 0 && (
            <Text size="2" color="gray">
              The library has no templates from this source.
            </Text>
          )}
          {templates.map((t) => (
            <div role="listitem" key={t.id} aria-label={t.name}>
              <Text as="label" size="2">
                <Flex gap="2" align="start">
                  <Checkbox
                    mt="1"
                    checked={chosen.includes(t.id)}
                    disabled={!mayEdit || busy}
                    onCheckedChange={() => actor.send({ type: 'template.toggle', id: t.id })}
                  />
                  <Flex direction="column">
                    <Flex gap="2" align="center">
                      <Text weight="medium">{t.name}</Text>
                      <Badge color="gray">{NOTEBOOK_CONTENT_LABELS[t.content_type]}</Badge>
                    </Flex>
                    <Text size="1" color="gray">
                      {t.excerpt}
                    </Text>
                  </Flex>
                </Flex>
              </Text>
            </div>
          ))}
        </Flex>
      </FieldFrame>
      {mayEdit && (
        <Flex justify="end">
          <Button disabled={!changed || busy} onClick={() => actor.send({ type: 'save', part: 'templates' })}>
            {saving ? 'Saving…' : 'Save templates'}
          </Button>
        </Flex>
      )}
    </TitledCard>
  );
}
