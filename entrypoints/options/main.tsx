import { render } from 'preact';
import '../../components/theme.css';
import { App } from './App';
import './style.css';

const root = document.getElementById('app');
if (root) render(<App />, root);
