import '../../components/ui/theme.css';
import { showPage } from '../../components/ui/start-page';
import { App } from './App';
import './style.css';

showPage('options_title', <App />);
