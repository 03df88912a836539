// A tag as a coloured label (spec §5): text black or white by the colour's brightness, the
// description previewed in the tooltip.
import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { labelTextColor, previewText, type Tag } from '../../domain/tags';

export function TagLabel({
  tag,
  group,
  children,
}: {
  tag: Pick<Tag, 'name' | 'color' | 'description'>;
  group?: string | null;
  children?: ReactNode;
}) {
  const title = [group && `Group: ${group}`, tag.description && previewText(tag.description, false)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Flex
      asChild
      align="center"
      gap="1"
      px="2"
      style={{
        backgroundColor: tag.color,
        color: labelTextColor(tag.color),
        borderRadius: 'var(--radius-2)',
        minHeight: 24,
      }}
    >
      <span title={title || undefined} data-tag-label={tag.name}>
        <Text size="1" weight="medium">
          {tag.name}
        </Text>
        {children}
      </span>
    </Flex>
  );
}
