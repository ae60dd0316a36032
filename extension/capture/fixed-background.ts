/**
 * `background-attachment: fixed` paints a background relative to the viewport, so every frame of
 * a scrolled capture would show the image again where the viewport is. For frames after the
 * first, such a layer is drawn as `scroll` with a size and position in px that put it exactly
 * where frame 0 (the page at scroll 0,0) showed it: the page then looks as if captured in one
 * tall viewport whose background stayed put.
 */

export interface Size {
  width: number;
  height: number;
}

export interface FixedLayerInput {
  /** Computed background-position-x / -y of this layer ("0%", "12px", "calc(…)"). */
  positionX: string;
  positionY: string;
  /** Computed background-size of this layer ("auto", "cover", "contain", "40% auto", "10px 20px"). */
  size: string;
  /** The image's natural size; null for gradients, which have none. */
  natural: Size | null;
}

/** One length or percentage of `area`; null for what we do not resolve (calc, keywords). */
function length(v: string, area: number): number | null {
  const m = /^(-?[\d.]+(?:e-?\d+)?)(px|%)$/.exec(v.trim());
  if (!m) return null;
  return m[2] === '%' ? (Number(m[1]) / 100) * area : Number(m[1]);
}

/** background-size resolved against the viewport (the positioning area of a fixed background). */
export function resolveSize(size: string, natural: Size | null, area: Size): Size | null {
  const s = size.trim();
  if (s === 'cover' || s === 'contain') {
    if (!natural || !natural.width || !natural.height) return { ...area };
    const k = (s === 'cover' ? Math.max : Math.min)(area.width / natural.width, area.height / natural.height);
    return { width: natural.width * k, height: natural.height * k };
  }
  const [wRaw, hRaw = 'auto'] = s.split(/\s+/);
  const w = wRaw === 'auto' ? null : length(wRaw, area.width);
  const h = hRaw === 'auto' ? null : length(hRaw, area.height);
  if ((wRaw !== 'auto' && w === null) || (hRaw !== 'auto' && h === null)) return null;
  const ratio = natural && natural.width && natural.height ? natural.width / natural.height : null;
  if (w !== null && h !== null) return { width: w, height: h };
  if (w !== null) return { width: w, height: ratio ? w / ratio : area.height };
  if (h !== null) return { width: ratio ? h * ratio : area.width, height: h };
  return natural && natural.width && natural.height ? { ...natural } : { ...area };
}

/**
 * The `scroll` equivalent of one fixed layer: px size and a position relative to the element's
 * padding box (`box`: its top-left in the viewport at scroll 0,0). Null when the layer uses
 * something not resolved here (calc()); the caller then leaves that element alone.
 */
export function scrollEquivalent(layer: FixedLayerInput, viewport: Size, box: { x: number; y: number }): { position: string; size: string } | null {
  const size = resolveSize(layer.size, layer.natural, viewport);
  if (!size) return null;
  const x = length(layer.positionX, viewport.width - size.width);
  const y = length(layer.positionY, viewport.height - size.height);
  if (x === null || y === null) return null;
  return { position: `${x - box.x}px ${y - box.y}px`, size: `${size.width}px ${size.height}px` };
}

/** Splits a computed comma-separated list of layers, ignoring commas inside parentheses. */
export function splitLayers(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out;
}
