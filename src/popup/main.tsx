/** Popup entry: mounts the app. */
import { render } from 'preact';
import { App } from './App.tsx';
import { loadUiLanguage } from './i18n.ts';
import '../shared/theme.css';
import './styles.css';

await loadUiLanguage();
const root = document.getElementById('app');
if (root) render(<App search={location.search} />, root);
