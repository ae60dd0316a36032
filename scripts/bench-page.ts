/** The page bench:capture and bench:save capture. */

/** A page `vp` viewports tall: coloured bands of 200 px, some text, a fixed header. */
export function benchPage(vp: number): string {
  return `<!doctype html><html><head><title>Bench ${vp}</title><style>
    body { margin: 0; font: 16px sans-serif; } header { position: fixed; top: 0; left: 0; right: 0; height: 50px; background: #333; color: #fff; }
    .b { height: 200px; padding: 20px; box-sizing: border-box; }
  </style></head><body><header>Fixed header</header><div id="c"></div><script>
    const c = document.getElementById('c');
    const n = Math.ceil(${vp} * innerHeight / 200);
    for (let i = 0; i < n; i++) {
      const d = document.createElement('div'); d.className = 'b';
      d.style.background = 'hsl(' + (i * 37 % 360) + ', 60%, 75%)';
      d.textContent = 'Band ' + i + ' — The quick brown fox jumps over the lazy dog.';
      c.appendChild(d);
    }
    c.style.height = (${vp} * innerHeight) + 'px'; c.style.overflow = 'hidden';
  </script></body></html>`;
}
