/**
 * The popup: runs an extraction on the target tab when it opens and shows the result. Each part of the
 * result is its own component, so that later features (annotator, downloads) slot in.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ExtractResult } from '../shared/messages.ts';
import { Actions } from './components/Actions.tsx';
import { ArticleHeader } from './components/ArticleHeader.tsx';
import { BodyView } from './components/BodyView.tsx';
import type { BodyViewKind } from './components/BodyView.tsx';
import { DocumentList } from './components/DocumentList.tsx';
import { ImageGallery } from './components/ImageGallery.tsx';
import { ImagesWithheld } from './components/ImagesWithheld.tsx';
import { SimilarPage } from './components/SimilarPage.tsx';
import { OverlaySwitch } from './components/OverlaySwitch.tsx';
import { AnnotateButton } from './components/AnnotateButton.tsx';
import { Cancelled, ErrorView, Loading, Restricted } from './components/Status.tsx';
import { Warnings } from './components/Warnings.tsx';
import { useExtraction } from './hooks/use-extraction.ts';
import { useImageConsent } from './hooks/use-image-consent.ts';
import { t, uiLanguage } from './i18n.ts';
import { sanitizeHtml } from './sanitize.ts';

function ArticleView({
  result,
  tabId,
  onRerun,
}: {
  readonly result: ExtractResult;
  readonly tabId: number;
  /** Extracts the page again (a setting that changes the extraction was switched). */
  readonly onRerun: () => void;
}) {
  const { article, linkTitle, ms } = result;
  const consent = useImageConsent(result.loadedImages);
  const body = useMemo(() => sanitizeHtml(article.body.html, consent.allowed), [article.body.html, consent.allowed]);
  // Without a working sanitiser (no clean HTML) only the text view is offered.
  const [view, setView] = useState<BodyViewKind>(body.html ? 'html' : 'text');
  // The gallery lists the images the body view does not already show in place.
  const inline = new Set(view === 'html' && body.html ? body.inlineImages : []);
  const withheld = new Set(body.withheldImages);
  for (const img of article.images) if (/^https?:/i.test(img.src) && !consent.allowed(img.src)) withheld.add(img.src);
  return (
    <article class="article" data-state="ready">
      <ArticleHeader article={article} linkTitle={linkTitle} />
      <Actions article={article} tabId={tabId}>
        <OverlaySwitch tabId={tabId} shown={result.overlayShown} />
        <AnnotateButton tabId={tabId} />
      </Actions>
      <ImagesWithheld count={withheld.size} consent={consent} />
      <SimilarPage article={article} failure={result.similarPageFailure} onChange={onRerun} />
      <BodyView body={article.body} clean={body.html} lang={article.lang} view={view} setView={setView} />
      <ImageGallery images={article.images.filter((img) => !inline.has(img.src))} consent={consent} />
      <DocumentList documents={article.documents} />
      <Warnings warnings={article.warnings} />
      <p class="footnote">{t('extractedIn', Math.round(ms))}</p>
    </article>
  );
}

export function App({ search }: { readonly search: string }) {
  const { state, retry, cancel } = useExtraction(search);
  const content = useRef<HTMLElement>(null);
  useEffect(() => {
    document.documentElement.lang = uiLanguage();
    document.title = t('appName');
  }, []);
  // The article scrolls inside <main>: focused when it arrives (unless the reader has focused something),
  // PageDown, Space and the arrows scroll it without a click first.
  useEffect(() => {
    if (state.kind === 'ready' && (document.activeElement === null || document.activeElement === document.body))
      content.current?.focus({ preventScroll: true });
  }, [state.kind]);
  return (
    <div class="popup" data-state={state.kind}>
      <div class="brand">
        <img src="/icons/icon-32.png" alt="" width={16} height={16} />
        <span>{t('appName')}</span>
      </div>
      <main class="content" ref={content} tabIndex={-1}>
        {state.kind === 'loading' && <Loading progress={state.progress} onCancel={cancel} />}
        {state.kind === 'cancelled' && <Cancelled onRetry={retry} />}
        {state.kind === 'restricted' && <Restricted reason={state.reason} onRetry={retry} />}
        {state.kind === 'error' && <ErrorView error={state.error} detail={state.detail} onRetry={retry} />}
        {state.kind === 'ready' && <ArticleView result={state.result} tabId={state.tabId} onRerun={retry} />}
      </main>
    </div>
  );
}
