// What a screenshot shows, counted in pixels: the content script's warning lives in a CLOSED
// shadow root that no selector (and, in Firefox, no driver API) can read, so a journey checks
// what a person sees instead. The PNG is decoded by the browser itself (an <img> drawn on a
// canvas in any page the driver has open), so no image library is needed.
import type { JourneyPage } from './driver';

export interface PixelCounts {
  total: number;
  /** Near-white: the test pages' background. */
  blank: number;
  /** Within a small distance of `colour` (e.g. the tooltip's border colour). */
  matching: number;
}

/** #b91c1c and #b45309: the overlay's block / warn border colours (src/content/overlay/styles.ts). */
export const OVERLAY_COLOURS = { block: [185, 28, 28], warn: [180, 83, 9] } as const;

export async function countPixels(
  decoder: JourneyPage,
  png: Buffer,
  colour: readonly [number, number, number],
  tolerance = 40,
): Promise<PixelCounts> {
  return decoder.evaluate(
    async ({ dataUrl, red, green, blue, tol }) => {
      const img = new Image();
      img.src = dataUrl;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas');
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let blank = 0;
      let matching = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r > 245 && g > 245 && b > 245) blank++;
        if (Math.abs(r - red) + Math.abs(g - green) + Math.abs(b - blue) <= tol) matching++;
      }
      return { total: data.length / 4, blank, matching };
    },
    {
      dataUrl: `data:image/png;base64,${png.toString('base64')}`,
      red: colour[0],
      green: colour[1],
      blue: colour[2],
      tol: tolerance,
    },
  );
}
