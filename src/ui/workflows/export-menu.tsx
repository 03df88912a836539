// Export: the diagram as an SVG or PNG file, or as Mermaid stateDiagram-v2 text. The files are
// the same as docs/workflows/<machine>.svg and .mmd (svg-document.tsx, mermaid.ts).
import { Button, DropdownMenu } from '@radix-ui/themes';
import { useState } from 'react';
import type { Diagram } from '../../workflows/layout';
import { toMermaid } from '../../workflows/mermaid';
import type { WorkflowEntry } from '../../machines/registry';
import { saveFile } from '../../services/downloads';
import { mermaidBlob, pngBlob, svgBlob } from './downloads';

async function svgOf(diagram: Diagram, entry: WorkflowEntry): Promise<string> {
  const { svgDocument } = await import('./svg-document');
  return svgDocument(diagram, entry.title, entry.purpose);
}

export function ExportMenu({
  entry,
  diagram,
  onError,
}: {
  entry: WorkflowEntry;
  diagram: Diagram;
  onError(message: string): void;
}) {
  const [busy, setBusy] = useState(false);
  const run = (make: () => Promise<void>) => () => {
    setBusy(true);
    make()
      .catch((e: unknown) => onError(`The export failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => setBusy(false));
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={busy}>
        <Button variant="soft" loading={busy}>
          Export <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item
          onSelect={run(async () => saveFile(svgBlob(await svgOf(diagram, entry)), `${entry.id}.svg`))}
        >
          SVG image
        </DropdownMenu.Item>
        <DropdownMenu.Item
          onSelect={run(async () =>
            saveFile(await pngBlob(await svgOf(diagram, entry), diagram.width, diagram.height), `${entry.id}.png`),
          )}
        >
          PNG image
        </DropdownMenu.Item>
        <DropdownMenu.Item
          onSelect={run(async () => saveFile(mermaidBlob(toMermaid(diagram.model)), `${entry.id}.mmd`))}
        >
          Mermaid text (.mmd)
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
