// The diagram as a standalone SVG file, the same for the page's download and for
// docs/workflows/<machine>.svg. Loaded on demand by the page (it brings react-dom/server).
import { renderToStaticMarkup } from 'react-dom/server';
import type { Diagram } from '../../workflows/layout';
import { DiagramSvg } from './diagram-svg';
import { FILE_PALETTE } from './palette';

export function svgDocument(diagram: Diagram, title: string, purpose: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<DiagramSvg diagram={diagram} palette={FILE_PALETTE} title={title} description={purpose} />)}\n`;
}
