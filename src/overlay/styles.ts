/**
 * The overlay's own style sheet, inside its shadow root, where page rules cannot reach. A box has its
 * element's exact size and draws its line outside it (an outline, not a border), so the line never covers
 * the element's first letters; the line is the kind's colour (`--c`, set per box) followed by a light and a
 * dark halo, so it reads on light and dark pages alike. The legend and tooltip follow the reader's colour
 * scheme. Nothing takes pointer events but the legend, whose lines switch their kind's outlines on and off.
 */
export const OVERLAY_CSS = `
:host::before,
:host::after {
  content: none !important;
  display: none !important;
}
.frame-ref {
  position: absolute;
  left: 0;
  top: 0;
  visibility: hidden;
}
.boxes {
  position: absolute;
  left: 0;
  top: 0;
  width: 0;
  height: 0;
}
.box {
  position: absolute;
  box-sizing: border-box;
  outline: 2px solid var(--c);
  box-shadow:
    0 0 0 3px rgba(255, 255, 255, 0.85),
    0 0 0 4px rgba(0, 0, 0, 0.4);
}
.box[data-kind='body'] {
  outline-width: 3px;
  box-shadow:
    0 0 0 4px rgba(255, 255, 255, 0.85),
    0 0 0 5px rgba(0, 0, 0, 0.4);
}
.box[data-fate='kept'],
.box[data-fate='outside'] {
  outline-style: dashed;
}
.box[data-fate='removed'] {
  background: color-mix(in srgb, var(--c) 14%, transparent);
}
.legend,
.tooltip {
  box-sizing: border-box;
  padding: 8px 10px;
  border: 1px solid #8c959f;
  border-radius: 8px;
  background: rgba(255, 255, 255, 0.96);
  color: #1b1f24;
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.3);
  font: 12px/1.45 system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif;
  text-align: start;
  overflow-wrap: anywhere;
}
.legend {
  position: fixed;
  right: 12px;
  bottom: 12px;
  max-width: min(360px, 60vw);
  pointer-events: auto;
}
.toggle {
  all: unset;
  display: block;
  cursor: pointer;
}
.toggle[aria-pressed='false'] {
  opacity: 0.5;
  text-decoration: line-through;
}
.toggle:focus-visible {
  outline: 2px solid #2f81f7;
  outline-offset: 1px;
}
.box[hidden],
.box[data-clipped] {
  display: none;
}
.heading {
  display: block;
  margin: 0 0 4px;
  font-weight: 600;
}
.items {
  margin: 0;
  padding: 0;
  list-style: none;
}
.swatch {
  display: inline-block;
  box-sizing: border-box;
  width: 11px;
  height: 11px;
  margin-inline-end: 6px;
  border: 2px solid var(--c);
  vertical-align: -1px;
}
.notes {
  margin: 4px 0 0;
  color: #57606a;
}
.tooltip {
  /* In the host's coordinates, like the boxes (render.ts placeTooltip). The host has no width, so without
     max-content the box would shrink to its longest word whenever it hangs to the right of the pointer. */
  position: absolute;
  width: max-content;
  max-width: min(440px, 80vw);
}
.tooltip[hidden] {
  display: none;
}
.tooltip-heading {
  display: block;
  font-weight: 600;
}
.tooltip-line {
  display: block;
}
@media (prefers-color-scheme: dark) {
  .legend,
  .tooltip {
    border-color: #57606a;
    background: rgba(22, 25, 29, 0.96);
    color: #e6edf3;
  }
  .notes {
    color: #9da7b3;
  }
}
`;
