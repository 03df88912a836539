// The Mermaid stateDiagram-v2 text of the workflow, to read, copy or paste into Markdown.
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { DiagramModel } from '../../workflows/model';
import { toMermaid } from '../../workflows/mermaid';

export function MermaidView({ model }: { model: DiagramModel }) {
  const text = toMermaid(model);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" align="center">
        <Text size="2" color="gray">
          Mermaid <code>stateDiagram-v2</code>, rendered by most Markdown viewers.
        </Text>
        <Button size="1" variant="soft" onClick={copy}>
          Copy
        </Button>
        <Text size="1" color={copied === 'failed' ? 'red' : 'gray'} role="status">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? 'The browser did not allow copying; select the text instead.'
              : ''}
        </Text>
      </Flex>
      <Box
        asChild
        p="3"
        style={{
          background: 'var(--gray-2)',
          border: '1px solid var(--gray-a5)',
          borderRadius: 'var(--radius-3)',
          overflow: 'auto',
          maxHeight: '70vh',
        }}
      >
        <pre aria-label="Mermaid text" style={{ margin: 0, fontSize: 12, lineHeight: 1.5 }}>
          {text}
        </pre>
      </Box>
    </Flex>
  );
}
