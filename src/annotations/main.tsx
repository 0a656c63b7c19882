/** Annotations page entry: mounts the list of stored annotations, in the UI language the reader chose. */
import { render } from 'preact';
import { loadUiLanguage } from '../popup/i18n.ts';
import { AnnotationsApp } from './AnnotationsApp.tsx';
import '../shared/theme.css';
import './annotations.css';

await loadUiLanguage();
const root = document.getElementById('app');
if (root) render(<AnnotationsApp />, root);
