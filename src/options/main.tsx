/** Options page entry: mounts the settings form. */
import { render } from 'preact';
import { loadUiLanguage } from '../popup/i18n.ts';
import { OptionsApp } from './OptionsApp.tsx';
import '../shared/theme.css';
import './options.css';

await loadUiLanguage();
const root = document.getElementById('app');
if (root) render(<OptionsApp />, root);
