// The user's transcript source and research provider in words, as the Profile tab names them.
import { DataList, Text } from '@radix-ui/themes';
import { optionLabel } from '../../domain/user-labels';
import { SectionFrame } from './section-frame';

export function TranscriptCard() {
  return (
    <SectionFrame section="transcript" title="Transcript source" empty="" isEmpty={() => false}>
      {(r) => (
        <>
          <DataList.Root size="2" aria-label="Transcript source and research provider">
            <DataList.Item>
              <DataList.Label>Transcript source</DataList.Label>
              <DataList.Value>{optionLabel(r.tr_src)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Research provider</DataList.Label>
              <DataList.Value>{optionLabel(r.rr_pro)}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          {r.may_change && (
            <Text as="p" size="1" color="gray" mt="2">
              They are changed on the Profile tab.
            </Text>
          )}
        </>
      )}
    </SectionFrame>
  );
}
