/** Options page entry: mounts the settings form. */
import { render } from 'preact';
import { OptionsApp } from './OptionsApp.tsx';
import './options.css';

const root = document.getElementById('app');
if (root) render(<OptionsApp />, root);
