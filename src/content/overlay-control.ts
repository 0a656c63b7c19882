/**
 * The content script's handle on the overlay: loads the overlay chunk on first use (pages that never show
 * it do not load it), remembers whether it is shown, and hides it synchronously, so that a newer injection
 * of the content script can take the page over without leaving outlines and listeners behind.
 */
import type { Article } from '../core/types.ts';
import type * as OverlayModule from '../overlay/index.ts';
import type { AnnotationHooks, OverlayLabels, OverlaySummary } from '../overlay/index.ts';
import type { AnnotationRecord } from '../shared/annotation/record.ts';
import { loadOverlayModule } from './lazy-modules.ts';

export interface OverlayControl {
  readonly shown: boolean;
  /** Draws `article` (or redraws, when shown). */
  show(article: Article): Promise<OverlaySummary>;
  hide(): void;
  /** Shows the overlay with the annotation panel over it (annotation mode). */
  annotate(article: Article, record: AnnotationRecord, hooks: AnnotationHooks): Promise<void>;
  /** Closes the annotation panel; the overlay stays. */
  stopAnnotating(): void;
}

export function createOverlayControl(doc: Document, labels: () => OverlayLabels): OverlayControl {
  let overlay: typeof OverlayModule | null = null;
  let shown = false;
  return {
    get shown() {
      return shown;
    },
    async show(article) {
      overlay ??= await loadOverlayModule();
      // In slices: on a huge page the outlines take more than a second to find.
      const summary = await overlay.showOverlaySliced(doc, article, { labels: labels() });
      shown = true;
      return summary;
    },
    hide() {
      overlay?.hideOverlay(doc);
      shown = false;
    },
    async annotate(article, record, hooks) {
      overlay ??= await loadOverlayModule();
      await overlay.startAnnotating(doc, article, record, hooks, { labels: labels() });
      shown = true;
    },
    stopAnnotating() {
      overlay?.stopAnnotating(doc);
    },
  };
}
