// The files the Export menu hands the browser to save (src/services/downloads.ts): SVG, PNG (the
// SVG drawn onto a canvas) and Mermaid. The SVG is loaded as a data: URL, which the
// Content-Security-Policy allows for images.

export const svgBlob = (svg: string) => new Blob([svg], { type: 'image/svg+xml' });
export const mermaidBlob = (text: string) => new Blob([text], { type: 'text/vnd.mermaid;charset=utf-8' });

/** Browsers refuse canvases much beyond this many pixels a side. */
const MAX_SIDE = 16_000;

/** Draws the SVG at twice its size (less for very large diagrams) on a canvas, as PNG; a white page under it. */
export async function pngBlob(svg: string, width: number, height: number): Promise<Blob> {
  const scale = Math.min(2, MAX_SIDE / Math.max(width, height));
  const image = new Image();
  image.decoding = 'async';
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw on a canvas.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made.'))), 'image/png'),
  );
}
