/**
 * The annotation panel's style sheet, added to the overlay's shadow root when annotation mode starts. The
 * panel is fixed at the right (or, moved, the left) edge and scrolls on its own; the current item is
 * marked in the panel and outlined on the page; added and removed body blocks keep their own outlines.
 * Light and dark follow the reader's colour scheme; every control shows its keyboard focus.
 */
export const ANNOTATION_CSS = `
.annotation-panel {
  position: fixed;
  top: 12px;
  right: 12px;
  bottom: 12px;
  width: min(360px, 45vw);
  overflow: auto;
  box-sizing: border-box;
  padding: 10px 12px;
  border: 1px solid #8c959f;
  border-radius: 8px;
  background: #fff;
  color: #1b1f24;
  box-shadow: 0 2px 14px rgba(0, 0, 0, 0.35);
  font: 13px/1.45 system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif;
  text-align: start;
  overflow-wrap: anywhere;
  pointer-events: auto;
}
.annotation-panel.left {
  right: auto;
  left: 12px;
}
/* While picking, the panel shrinks to its heading and what is being picked, so the page shows. */
.annotation-panel.picking {
  bottom: auto;
}
.annotation-panel.picking > :not(header, .picking) {
  display: none;
}
/* The legend moves to the side the panel leaves free; the hover tooltip keeps out of a pick's way. */
.legend.beside-panel {
  right: auto;
  left: 12px;
}
.legend.beside-panel.panel-left {
  right: 12px;
  left: auto;
}
:host([data-picking]) .tooltip {
  display: none !important;
}
.annotation-panel:focus-visible,
.annotation-panel :focus-visible {
  outline: 2px solid #2f81f7;
  outline-offset: 1px;
}
.annotation-panel header {
  display: flex;
  gap: 4px;
  align-items: center;
}
.annotation-panel h2 {
  flex: 1;
  margin: 0;
  font-size: 14px;
}
.annotation-panel h3 {
  margin: 0 0 2px;
  font-size: 13px;
}
.annotation-panel .item {
  display: block;
  margin: 6px 0;
  padding: 6px 8px;
  border: 1px solid transparent;
  border-radius: 6px;
}
.annotation-panel .item[aria-current='true'] {
  border-color: #2f81f7;
  background: rgba(47, 129, 247, 0.08);
}
.annotation-panel .item[data-verdict='right'] h3::after {
  content: ' ✓';
  color: #1a7f37;
}
.annotation-panel .item[data-verdict='wrong'] h3::after {
  content: ' ✗';
  color: #cf222e;
}
.annotation-panel button {
  margin: 2px 4px 2px 0;
  padding: 2px 8px;
  border: 1px solid #8c959f;
  border-radius: 5px;
  background: #f6f8fa;
  color: inherit;
  font: inherit;
  cursor: pointer;
}
.annotation-panel button[aria-pressed='true'].right {
  border-color: #1a7f37;
  background: #dafbe1;
}
.annotation-panel button[aria-pressed='true'].wrong {
  border-color: #cf222e;
  background: #ffebe9;
}
.annotation-panel label {
  display: block;
}
.annotation-panel input[type='text'] {
  box-sizing: border-box;
  width: 100%;
  padding: 2px 4px;
  border: 1px solid #8c959f;
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font: inherit;
}
.annotation-panel .label,
.annotation-panel .kind,
.annotation-panel .keys,
.annotation-panel .status {
  color: #57606a;
  font-size: 12px;
}
.annotation-panel .extracted,
.annotation-panel p {
  margin: 2px 0;
}
.annotation-panel .problem {
  color: #cf222e;
}
.annotation-panel .preview {
  display: block;
}
.annotation-panel ul {
  margin: 0;
  padding: 0;
  list-style: none;
}
.annotation-panel .preview-text {
  max-height: 160px;
  overflow: auto;
  white-space: pre-wrap;
  font-size: 12px;
}
.annotation-panel fieldset {
  margin: 6px 0;
}
.annotation-panel .picking {
  font-weight: 600;
}
.pick-hint {
  position: fixed;
  left: 50%;
  top: 8px;
  transform: translateX(-50%);
  margin: 0;
  padding: 4px 10px;
  border-radius: 6px;
  background: #1b1f24;
  color: #fff;
  font: 12px/1.4 system-ui, sans-serif;
}
.pick-hint[hidden],
.pick-box[hidden] {
  display: none;
}
.pick-box,
.mark {
  position: absolute;
  box-sizing: border-box;
  pointer-events: none;
}
.pick-box {
  outline: 3px solid #8250df;
  background: rgba(130, 80, 223, 0.12);
}
.mark.current {
  outline: 3px dashed #2f81f7;
  outline-offset: 3px;
}
.mark.added {
  outline: 3px solid #1a7f37;
  background: rgba(26, 127, 55, 0.1);
}
.mark.removed {
  outline: 3px solid #cf222e;
  background: repeating-linear-gradient(45deg, rgba(207, 34, 46, 0.14) 0 6px, transparent 6px 12px);
}
.mark.replaced {
  outline: 3px solid #1a7f37;
}
@media (prefers-color-scheme: dark) {
  .annotation-panel {
    border-color: #57606a;
    background: #16191d;
    color: #e6edf3;
  }
  .annotation-panel button {
    border-color: #57606a;
    background: #2d333b;
  }
  .annotation-panel button[aria-pressed='true'].right {
    background: #1f4d2b;
  }
  .annotation-panel button[aria-pressed='true'].wrong {
    background: #5a1e22;
  }
  .annotation-panel .label,
  .annotation-panel .kind,
  .annotation-panel .keys,
  .annotation-panel .status {
    color: #9da7b3;
  }
}
`;
