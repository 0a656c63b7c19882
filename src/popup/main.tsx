/** Popup entry: mounts the app. */
import { render } from 'preact';
import { App } from './App.tsx';
import './styles.css';

const root = document.getElementById('app');
if (root) render(<App search={location.search} />, root);
